import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PetPhoto } from "#app/components/pet-photo";
import { formatDate } from "#app/components/personal-lists";
import { deletedPetKeptDays } from "#app/lib/pet-status";
import { placeholderPhoto } from "#app/lib/photos";
import { Pagination } from "#app/components/pagination";
import { staffPetListUrl, staffPetSpecies, staffPetSpeciesLabels, staffPetStatuses, staffPetStatusLabels } from "#app/lib/staff-pet-filters";
import type { action, loader } from "./edit.server";
import { Badges } from "./badges";

function RecentlyDeleted({ pets }: { pets: { id: number; name: string; animalId: string; version: number; photo: string | null; deletedAt: string; goneOn: string }[] }) {
  return (
    <section className="panel" id="recently-deleted" aria-labelledby="recently-deleted-title">
      <h2 id="recently-deleted-title">Recently deleted</h2>
      <p>
        Deleted pets are hidden from every list and page. They stay here with their photos and history for {deletedPetKeptDays} days,
        then they are removed for good.
      </p>
      {pets.length === 0 ? (
        <p className="empty">No pet was deleted in the last {deletedPetKeptDays} days.</p>
      ) : (
        <ul className="staff-pets">
          {pets.map((pet) => (
            <li key={pet.id} className="staff-pet">
              <PetPhoto src={pet.photo ?? placeholderPhoto.src} sizes="96px" width={96} height={72} alt="" loading="lazy" />
              <span className="staff-pet__name">{pet.name}</span>
              <span className="staff-pet__id">{pet.animalId}</span>
              <span>
                Deleted {formatDate(pet.deletedAt)}; removed for good on {formatDate(pet.goneOn)}.
              </span>
              <Form method="post">
                <input type="hidden" name="petId" value={pet.id} />
                <input type="hidden" name="version" value={pet.version} />
                <button type="submit" name="intent" value="restore" className="button button--small">
                  Restore {pet.name}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function PetList() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const message = answer && "intent" in answer && answer.intent === "restore" ? answer.message : undefined;
  if (data.view !== "list") return null;
  return (
    <div className="container admin-page">
      <p>
        <Link to="/petadmin">‹ Pet Admin</Link>
      </p>
      <h1>Edit and delete pets</h1>
      {data.deleted ? (
        <p className="notice notice--success" role="status">
          {data.deleted} was deleted. You can restore it from <a href="#recently-deleted">Recently deleted</a> for {deletedPetKeptDays} days.
        </p>
      ) : null}
      {message ? (
        <p className="notice notice--error" role="alert">{message}</p>
      ) : null}
      <Form method="get" className="search staff-pet-filters" role="search" aria-label="Find pets">
        <div className="field">
          <label htmlFor="pet-search">Find a pet by the start of its name</label>
          <input id="pet-search" type="search" name="q" defaultValue={data.filters.q} />
        </div>
        <div className="field">
          <label htmlFor="pet-status">Status</label>
          <select id="pet-status" name="status" defaultValue={data.filters.status}>
            {staffPetStatuses.map((status) => (
              <option key={status} value={status}>{staffPetStatusLabels[status]}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pet-species">Species</label>
          <select id="pet-species" name="species" defaultValue={data.filters.species}>
            {staffPetSpecies.map((species) => (
              <option key={species} value={species}>{staffPetSpeciesLabels[species]}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">Search</button>
      </Form>
      {data.suggestions.length > 0 ? (
        <section className="notice notice--info" aria-labelledby="suggestions-title">
          <p id="suggestions-title" className="notice__title">Adopted two weeks ago or more: you may delete them</p>
          <ul>
            {data.suggestions.map((pet) => (
              <li key={pet.id}>
                <Link to={`/petadmin/edit?pet_id=${pet.id}`}>{pet.name}</Link> (adopted {formatDate(pet.adoptedDate)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        {data.total === 1 ? "1 pet" : `${data.total} pets`}
        {data.totalPages > 1 ? `, page ${Math.min(data.filters.page, data.totalPages)} of ${data.totalPages}` : ""}. Choose a pet to edit, publish, hold,
        mark adopted or delete it.
      </p>
      <ul className="staff-pets">
        {data.pets.map((pet) => (
          <li key={pet.id}>
            <Link to={`/petadmin/edit?pet_id=${pet.id}`} className="staff-pet">
              <PetPhoto src={pet.photo ?? placeholderPhoto.src} sizes="96px" width={96} height={72} alt="" loading="lazy" />
              <span className="staff-pet__name">{pet.name}</span>
              <span className="staff-pet__id">{pet.animalId}</span>
              <Badges onHold={pet.onHoldEmail !== null} adopted={pet.adoptedEmail !== null} until={pet.onHoldUntil} draft={pet.publishedAt === null} />
            </Link>
          </li>
        ))}
      </ul>
      {data.pets.length === 0 ? <p className="empty">We cannot find any pet records</p> : null}
      <Pagination page={data.filters.page} totalPages={data.totalPages} pageUrl={(page) => staffPetListUrl(data.filters, { page })} />
      <RecentlyDeleted pets={data.recentlyDeleted} />
    </div>
  );
}
