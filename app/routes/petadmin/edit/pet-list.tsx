import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { PetPhoto } from "#app/components/pet-photo";
import { deletedPetKeptDays } from "#app/lib/pets/pet-status";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { placeholderPhoto } from "#app/lib/photos/photos";
import { Pagination } from "#app/components/pagination";
import {
  staffPetListUrl,
  staffPetSpecies,
  staffPetSpeciesLabels,
  staffPetStatuses,
  staffPetStatusLabels,
} from "#app/lib/pets/staff-pet-filters";
import type { action, loader } from "./edit.server";
import { Badges } from "./badges";

function RecentlyDeleted({
  pets,
}: {
  pets: {
    id: number;
    name: string;
    animalId: string;
    version: number;
    photo: string | null;
    deletedAt: string;
    goneOn: string;
  }[];
}) {
  const locale = useLocale();
  const days = deletedPetKeptDays;
  return (
    <section className="panel" id="recently-deleted" aria-labelledby="recently-deleted-title">
      <h2 id="recently-deleted-title">
        <Trans>Recently deleted</Trans>
      </h2>
      <p>
        <Trans>
          Deleted pets are hidden from every list and page. They stay here with their photos and history for {days}{" "}
          days, then they are removed for good.
        </Trans>
      </p>
      {pets.length === 0 ? (
        <p className="empty">
          <Trans>No pet was deleted in the last {days} days.</Trans>
        </p>
      ) : (
        <ul className="staff-pets">
          {pets.map((pet) => (
            <li key={pet.id} className="staff-pet">
              <PetPhoto
                src={pet.photo ?? placeholderPhoto.src}
                sizes="96px"
                width={96}
                height={72}
                alt=""
                loading="lazy"
              />
              <span className="staff-pet__name">{pet.name}</span>
              <span className="staff-pet__id">{pet.animalId}</span>
              <span>
                <Trans>
                  Deleted {staffDateIn(locale, pet.deletedAt)}; removed for good on {staffDateIn(locale, pet.goneOn)}.
                </Trans>
              </span>
              <Form method="post">
                <input type="hidden" name="petId" value={pet.id} />
                <input type="hidden" name="version" value={pet.version} />
                <button type="submit" name="intent" value="restore" className="button button--small">
                  <Trans>Restore {pet.name}</Trans>
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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  if (data.view !== "list") return null;
  const days = deletedPetKeptDays;
  const deleted = data.deleted;
  const page = Math.min(data.filters.page, data.totalPages);
  const pages = data.totalPages;
  return (
    <>
      <h1>
        <Trans>Edit and delete pets</Trans>
      </h1>
      {data.deleted ? (
        <p className="notice notice--success" role="status">
          <Trans>
            {deleted} was deleted. You can restore it from <a href="#recently-deleted">Recently deleted</a> for {days}{" "}
            days.
          </Trans>
        </p>
      ) : null}
      {message ? (
        <p className="notice notice--error" role="alert">
          {message}
        </p>
      ) : null}
      <Form method="get" className="search staff-pet-filters" role="search" aria-label={t`Find pets`}>
        <div className="field">
          <label htmlFor="pet-search">
            <Trans>Find a pet by the start of its name</Trans>
          </label>
          <input id="pet-search" type="search" name="q" defaultValue={data.filters.q} />
        </div>
        <div className="field">
          <label htmlFor="pet-status">
            <Trans>Status</Trans>
          </label>
          <select id="pet-status" name="status" defaultValue={data.filters.status}>
            {staffPetStatuses.map((status) => (
              <option key={status} value={status}>
                {i18n._(staffPetStatusLabels[status])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pet-species">
            <Trans>Species</Trans>
          </label>
          <select id="pet-species" name="species" defaultValue={data.filters.species}>
            {staffPetSpecies.map((species) => (
              <option key={species} value={species}>
                {i18n._(staffPetSpeciesLabels[species])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          <Trans>Search</Trans>
        </button>
      </Form>
      {data.suggestions.length > 0 ? (
        <section className="notice notice--info" aria-labelledby="suggestions-title">
          <p id="suggestions-title" className="notice__title">
            <Trans>Adopted two weeks ago or more: you may delete them</Trans>
          </p>
          <ul>
            {data.suggestions.map((pet) => (
              <li key={pet.id}>
                <Trans>
                  <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>{pet.name}</Link> (adopted{" "}
                  {staffDateIn(locale, pet.adoptedDate)})
                </Trans>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        {data.totalPages > 1 ? (
          <Plural
            value={data.total}
            one={`# pet, page ${page} of ${pages}.`}
            other={`# pets, page ${page} of ${pages}.`}
          />
        ) : (
          <Plural value={data.total} one="# pet." other="# pets." />
        )}{" "}
        <Trans>Choose a pet to edit, publish, hold, mark adopted or delete it.</Trans>
      </p>
      <ul className="staff-pets">
        {data.pets.map((pet) => (
          <li key={pet.id}>
            <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)} className="staff-pet">
              <PetPhoto
                src={pet.photo ?? placeholderPhoto.src}
                sizes="96px"
                width={96}
                height={72}
                alt=""
                loading="lazy"
              />
              <span className="staff-pet__name">{pet.name}</span>
              <span className="staff-pet__id">{pet.animalId}</span>
              <Badges
                onHold={pet.onHoldEmail !== null}
                adopted={pet.adoptedEmail !== null}
                until={pet.onHoldUntil}
                draft={pet.publishedAt === null}
              />
            </Link>
          </li>
        ))}
      </ul>
      {data.pets.length === 0 ? (
        <p className="empty">
          <Trans>We cannot find any pet records</Trans>
        </p>
      ) : null}
      <Pagination
        page={data.filters.page}
        totalPages={data.totalPages}
        pageUrl={(page) => href(staffPetListUrl(data.filters, { page }))}
      />
      <RecentlyDeleted pets={data.recentlyDeleted} />
    </>
  );
}
