import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { PetCarousel } from "#app/components/pet-carousel";
import { PetDetails } from "#app/components/pet-details";
import { PetPhoto } from "#app/components/pet-photo";
import { PetForm, petFields } from "#app/components/pet-form";
import { formatDate } from "#app/components/personal-lists";
import { Field } from "#app/components/ui/field";
import { shelter } from "#app/config/shelter";
import { emailField } from "#app/lib/account-schemas";
import { closeOfNextBusinessDay, formatHoldEnd } from "#app/lib/business-hours";
import { holdTransition, isHoldIntent } from "#app/lib/hold-transitions";
import { tagsForPetChange } from "#app/lib/page-tags";
import { pageMeta } from "#app/lib/meta";
import { petFieldsSchema } from "#app/lib/pet-form-schema";
import type { Permission } from "#app/lib/permissions";
import { deletedPetKeptDays, deletedPetKeptMs, petStatus } from "#app/lib/pet-status";
import { missingForPublishing, type PublishField } from "#app/lib/pet-publishing";
import type { Pet } from "#app/db/schema";
import { photoUrl, placeholderPhoto } from "#app/lib/photos";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { changeHold } from "#app/models/holds.server";
import { applicantsToTell, tellOtherApplicants } from "#app/services/adoption-closes.server";
import { applicationStatusMessage } from "#app/lib/application-emails";
import { holdEndedMessage, holdStartedMessage } from "#app/lib/emails";
import { sendAfterResponse } from "#app/services/notify.server";
import { adoptedLongAgo, setPublished, deletePet, listBondChoices, listPetChanges, pagePetsForStaff, listRecentlyDeleted, restorePet } from "#app/models/pet-admin.server";
import { Pagination } from "#app/components/pagination";
import { readStaffPetFilters, staffPetListUrl, staffPetSpecies, staffPetSpeciesLabels, staffPetStatuses, staffPetStatusLabels, staffPetsPerPage } from "#app/lib/staff-pet-filters";
import { getPet } from "#app/models/pets.server";
import { requireStaff } from "#app/services/auth.server";
import { savePetForm } from "./_main.petadmin.pet-form.server";
import { revalidateAfterConflict } from "#app/lib/revalidate-after-conflict";
import { isUploadRequest } from "#app/lib/upload-answer";
import { tellCancelledVisits, visitsToTell } from "#app/services/visit-cancels.server";

export const meta: MetaFunction = () => pageMeta("Edit and delete pets", "Staff: find a pet to edit, hold, mark adopted or delete.");

const deletePhrase = "delete permanently";

function readPetId(value: string | null) {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:pet");
  const params = new URL(request.url).searchParams;
  const petId = readPetId(params.get("pet_id"));
  if (params.has("pet_id")) {
    const pet = petId ? await getPet(context.db, petId) : undefined;
    if (!pet) throw new Response("Pet not found", { status: 404 });
    return {
      view: "pet" as const,
      tab: params.get("tab") === "description" ? ("description" as const) : ("edit" as const),
      done: doneOf(params.get("done")),
      pet: {
        ...pet,
        photos: pet.images.map(photoUrl),
        photoItems: pet.images.map((key) => ({ key, url: photoUrl(key) })),
        onHoldDate: pet.onHoldDate?.toISOString() ?? null,
        onHoldUntil: pet.onHoldUntil ? formatHoldEnd(pet.onHoldUntil, shelter.openingHours.timeZone) : null,
        adoptedDate: pet.adoptedDate?.toISOString() ?? null,
        publishedAt: pet.publishedAt?.toISOString() ?? null,
      },
      status: petStatus(pet),
      missing: Object.keys(missingForPublishing(pet)) as PublishField[],
      constraint: getZodConstraint(petFieldsSchema),
      bond: { choices: await listBondChoices(context.db, pet.id), current: pet.bondedWith },
      changes: (await listPetChanges(context.db, pet.id)).map((change) => ({ ...change, createdAt: change.createdAt.toISOString() })),
    };
  }
  const filters = readStaffPetFilters(params);
  const { pets, total } = await pagePetsForStaff(context.db, filters);
  return {
    view: "list" as const,
    filters,
    total,
    totalPages: Math.ceil(total / staffPetsPerPage),
    deleted: params.get("deleted"),
    recentlyDeleted: (await listRecentlyDeleted(context.db)).map(({ deletedAt, ...pet }) => ({
      ...pet,
      deletedAt: deletedAt.toISOString(),
      goneOn: new Date(deletedAt.getTime() + deletedPetKeptMs).toISOString(),
    })),
    pets: pets.map(({ onHoldUntil, ...pet }) => ({
      ...pet,
      onHoldUntil: onHoldUntil ? formatHoldEnd(onHoldUntil, shelter.openingHours.timeZone) : null,
    })),
    suggestions: await adoptedLongAgo(context.db),
  };
}

const holdSchema = z.object({ email: emailField });

const doneTexts: Record<string, string> = {
  saved: "Your changes are saved.",
  published: "The pet is published: adopters see it in the lists, the match, the feeds and the partner files.",
  unpublished: "The pet is a draft again: only staff see it.",
  held: "The pet is on hold. It is hidden from public lists and shows in the holder's On-hold list.",
  released: "The hold is removed. The pet is back on the public lists.",
  extended: "The hold is extended by one business day.",
  adopted: "The pet is marked newly adopted and hidden from public lists.",
  unadopted: "The pet is no longer marked adopted.",
  restored: "The pet is restored, with its photos and history, and is back where it was before it was deleted.",
};

/** The `done` notice to show: own keys only, so `?done=__proto__` cannot put an object on the page. */
const doneOf = (done: string | null) => (done !== null && Object.hasOwn(doneTexts, done) ? done : null);

/**
 * Hold, release, mark adopted, unmark, delete (spec §4). Each names the permission it needs, and
 * each applies only to the version of the pet the form was made from: a change another staff member
 * made meanwhile is never overwritten.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Staff first, before the body is read (issue 22); the intent's own permission once it is known.
  await requireStaff(context, request, "read:pet");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const permissions: Record<string, Permission> = { save: "update:pet", species: "update:pet", publish: "update:pet", unpublish: "update:pet", hold: "hold:pet", release: "hold:pet", extend: "hold:pet", adopt: "hold:pet", unadopt: "hold:pet", delete: "delete:pet", restore: "delete:pet" };
  const permission = Object.hasOwn(permissions, intent) ? permissions[intent] : undefined;
  if (!permission) throw new Response("Unknown action", { status: 400 });
  const staff = await requireStaff(context, request, permission);

  if (intent === "restore") return restore(context, formData, staff.id);

  const petId = readPetId(String(formData.get("petId") ?? ""));
  const version = Number(formData.get("version"));
  const pet = petId ? await getPet(context.db, petId) : undefined;
  if (!pet || !Number.isInteger(version)) throw new Response("Pet not found", { status: 404 });
  const here = `/petadmin/edit?pet_id=${pet.id}`;
  const refuse = (message: string, status = 400) => data({ intent, message, result: undefined }, { status });
  const conflict = () =>
    refuse("Someone else changed this pet since you opened it. Here is what it is now: check it and try again.", 409);

  if (intent === "save" || intent === "species") {
    // The form's upload by XHR is told where to go instead of being redirected (lib/upload-answer.ts).
    const upload = isUploadRequest(request);
    const outcome = await savePetForm(context, formData, staff.id, { pet, postedVersion: version }, { photosStayChosen: upload });
    if (outcome.kind === "saved") return upload ? data({ location: `${here}&done=saved` }) : redirect(`${here}&done=saved`);
    return data({ intent, message: undefined, result: undefined, reply: outcome.reply }, { status: outcome.status });
  }

  if (intent === "publish" || intent === "unpublish") return publish(context, pet, version, staff.id, intent === "publish");

  if ((intent === "hold" || intent === "adopt") && pet.publishedAt === null) {
    return refuse(`${pet.name} is a draft: publish ${pet.name} before holding it or marking it adopted.`);
  }

  if (intent === "delete") {
    if (String(formData.get("confirm") ?? "").trim() !== deletePhrase) return refuse(`Type "${deletePhrase}" to delete ${pet.name}.`);
    return tryWrite(
      async () => {
        // Kept 30 days in "Recently deleted", photos and history included (decision 042); the
        // nightly run removes it for good after that.
        const outcome = await deletePet(context.db, pet.id, version, staff.id);
        if (outcome === "conflict") return conflict();
        if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
        context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
        return redirect(`/petadmin/edit?deleted=${encodeURIComponent(pet.name)}`);
      },
      (message) => refuse(message, 503),
    );
  }

  if (!isHoldIntent(intent)) throw new Response("Unknown action", { status: 400 });
  let email = "";
  let result: SubmissionResult | undefined;
  if (intent === "hold" || intent === "adopt") {
    const submission = parseWithZod(formData, { schema: holdSchema });
    if (submission.status !== "success") return data({ intent, message: undefined, result: submission.reply() }, { status: 400 });
    result = submission.reply();
    email = submission.value.email;
  }
  const change = holdTransition(pet, intent, email);
  if ("refusal" in change) return refuse(change.refusal);
  const { set, summary } = change;
  const done = { hold: "held", release: "released", extend: "extended", adopt: "adopted", unadopt: "unadopted" }[intent];
  return tryWrite(
    async () => {
      // The change, its history row and the application holding the pet (if one does) are one batch
      // (decisions 014 and 040): all or nothing.
      const others = intent === "adopt" ? await applicantsToTell(context, pet.id, null) : [];
      // Ending the hold or adopting cancels the holder's booked visit in the same batch (decision 048).
      const visits = intent === "adopt" || intent === "release" ? await visitsToTell(context, pet.id) : [];
      const { outcome, moved } = await changeHold(context.db, { petId: pet.id, version, userId: staff.id, summary, set, intent });
      if (outcome === "conflict") return conflict();
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      const origin = new URL(request.url).origin;
      context.cloudflare.ctx.waitUntil(tellCancelledVisits(context, visits, origin).catch((error: unknown) => console.error("could not tell of cancelled visits", error)));
      // Newly adopted: the other applicants for this pet are told, with pets that match them (issue 24).
      context.cloudflare.ctx.waitUntil(tellOtherApplicants(context, others, pet, origin).catch((error: unknown) => console.error("could not tell the other applicants", error)));
      if (moved) {
        sendAfterResponse(context, applicationStatusMessage(moved.email, moved.firstName, pet.name, moved.to, `${origin}/applications`));
      } else if (intent === "release" && pet.onHoldEmail) {
        // "End hold now" tells the holder as the scheduled end does (the mailer sends only to proven addresses, decision 041).
        sendAfterResponse(context, holdEndedMessage(pet.onHoldEmail, pet.name, pet.onHoldUntil ?? new Date(), `${origin}/adopt/pet?pet_id=${pet.id}`));
      } else if (intent === "hold" && set.onHoldDate) {
        // A hold set by hand tells its holder, as an approval does: until when, and our opening hours.
        const until = closeOfNextBusinessDay(set.onHoldDate, shelter.openingHours);
        sendAfterResponse(context, holdStartedMessage(email, pet.name, until, `${origin}/adopt/pet?pet_id=${pet.id}`));
      }
      return redirect(`${here}&done=${done}`);
    },
    // The e-mail typed for a hold stays in its field.
    (message) => data({ intent, message, result }, { status: 503 }),
  );
}

/**
 * Publish a draft, or take a listed pet back to draft (decision 052). Publish refuses, with a message
 * under each field, while what adopters need is missing; the form's own fields are then marked.
 */
async function publish(context: ActionFunctionArgs["context"], pet: Pet, version: number, userId: number, published: boolean) {
  const intent = published ? "publish" : "unpublish";
  const refuse = (message: string, status: number, error: Record<string, string[]> = {}) =>
    data({ intent, message, result: undefined, reply: { initialValue: {}, error, message: undefined } }, { status });
  if (pet.version !== version) return refuse("Someone else changed this pet since you opened it. Here is what it is now: check it and try again.", 409);
  if (published) {
    const missing = missingForPublishing(pet);
    if (Object.keys(missing).length > 0) {
      return refuse(`${pet.name} is not published yet: adopters need what is marked in the form below.`, 400, missing as Record<string, string[]>);
    }
  } else if (petStatus(pet) !== "listed") {
    return refuse(`${pet.name} is ${petStatus(pet) === "draft" ? "already a draft" : "on hold or adopted"}: only a listed pet goes back to draft.`, 409);
  }
  return tryWrite(
    async () => {
      const outcome = await setPublished(context.db, { petId: pet.id, version, userId, published });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict") return refuse("Someone else changed this pet since you opened it. Here is what it is now: check it and try again.", 409);
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(`/petadmin/edit?pet_id=${pet.id}&done=${published ? "published" : "unpublished"}`);
    },
    (message) => refuse(message, 503),
  );
}

/** Restore from "Recently deleted" (decision 042): the pet comes back as it was, at the version listed. */
async function restore(context: ActionFunctionArgs["context"], formData: FormData, userId: number) {
  const petId = readPetId(String(formData.get("petId") ?? ""));
  const version = Number(formData.get("version"));
  const pet = petId ? (await listRecentlyDeleted(context.db)).find((deleted) => deleted.id === petId) : undefined;
  const refuse = (message: string, status: number) => data({ intent: "restore", message, result: undefined }, { status });
  if (!pet || !Number.isInteger(version)) return refuse("This pet is no longer in Recently deleted: it was restored or removed for good.", 404);
  return tryWrite(
    async () => {
      const outcome = await restorePet(context.db, pet.id, version, userId);
      if (outcome === "conflict") return refuse("Someone else changed this pet since you opened the list. Here it is as it is now: try again.", 409);
      if (outcome === "missing") return refuse("This pet is no longer in Recently deleted: it was restored or removed for good.", 404);
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(`/petadmin/edit?pet_id=${pet.id}&done=restored`);
    },
    (message) => refuse(message, 503),
  );
}

export const shouldRevalidate = revalidateAfterConflict;

function Badges({ onHold, adopted, until, draft }: { onHold: boolean; adopted: boolean; until?: string | null; draft: boolean }) {
  return (
    <>
      {draft ? <span className="badge badge--draft">Draft</span> : null}
      {onHold ? <span className="badge badge--hold">{until ? `On hold until ${until}` : "On hold"}</span> : null}
      {adopted ? <span className="badge badge--adopted">Newly adopted</span> : null}
    </>
  );
}

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

function PetList() {
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

function HoldPanel({ intent, undo, title, email, date, until, locked, petId, version, lastResult, label }: {
  intent: "hold" | "adopt";
  undo: "release" | "unadopt";
  title: string;
  email: string | null;
  date: string | null;
  /** When the hold ends ("Tue Nov 24, 5 pm"): a hold can then be extended or ended now. */
  until?: string | null;
  locked: boolean;
  petId: number;
  version: number;
  lastResult: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;
  label: string;
}) {
  const errors = lastResult?.error?.email ?? [];
  const id = `${intent}-email`;
  return (
    <section className="panel" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <Form method="post" className="stack">
        <input type="hidden" name="petId" value={petId} />
        <input type="hidden" name="version" value={version} />
        <Field label={label} field={{ id, name: "email", errorId: `${id}-error`, errors, defaultValue: undefined, constraint: {} }}
          type="email" required={!email} readOnly={Boolean(email) || locked} disabled={locked && !email}
          defaultValue={email ?? (typeof lastResult?.initialValue?.email === "string" ? lastResult.initialValue.email : "")} />
        {email && until ? (
          <>
            <p>
              Since {formatDate(date)}. Held until <strong>{until}</strong>.
            </p>
            <p className="actions">
              <button type="submit" name="intent" value="extend" className="button button--small">
                Extend by one business day
              </button>{" "}
              <button type="submit" name="intent" value={undo} className="button button--small">
                End hold now
              </button>
            </p>
          </>
        ) : email ? (
          <p>
            Since {formatDate(date)}.{" "}
            <button type="submit" name="intent" value={undo} className="button button--small">
              Remove
            </button>
          </p>
        ) : (
          <button type="submit" name="intent" value={intent} className="button button--primary" disabled={locked}>
            Save
          </button>
        )}
      </Form>
    </section>
  );
}

/** Each field Publish asks for, as the edit form labels it and where it is. */
const publishFields: Record<PublishField, { label: string; id: string }> = {
  ageMonths: { label: "age", id: "edit-pet-ageMonths" },
  weightLbs: { label: "weight", id: "edit-pet-weightLbs" },
  sex: { label: "sex", id: "edit-pet-sex" },
  breed: { label: "breed", id: "edit-pet-breedOther" },
  activeLevel: { label: "active level", id: "edit-pet-activeLevel" },
  newPhotos: { label: "a photo", id: "edit-pet-newPhotos" },
  about: { label: "about", id: "edit-pet-about" },
};

/**
 * Draft or published, at the top of the edit page (decision 052): a draft is previewed on its public
 * page (staff only) and published here; a listed pet can go back to draft.
 */
function PublishPanel({ pet, status, missing }: { pet: { id: number; name: string; version: number }; status: string; missing: PublishField[] }) {
  return (
    <section className={`panel ${status === "draft" ? "panel--draft" : ""}`} aria-labelledby="publish-title">
      <h2 id="publish-title">{status === "draft" ? "Draft: only staff see it" : "Published"}</h2>
      <Form method="post" className="stack">
        <input type="hidden" name="petId" value={pet.id} />
        <input type="hidden" name="version" value={pet.version} />
        {status === "draft" ? (
          <>
            <p>
              {pet.name} is in no public list, page, feed or partner file until you publish it.{" "}
              <Link to={`/adopt/pet?pet_id=${pet.id}`}>Preview {pet.name}&apos;s public page</Link>.
            </p>
            {missing.length > 0 ? (
              <p>
                Still needed to publish:{" "}
                {missing.map((field, index) => (
                  <span key={field}>
                    {index > 0 ? ", " : ""}
                    <a href={`#${publishFields[field].id}`}>{publishFields[field].label}</a>
                  </span>
                ))}
                .
              </p>
            ) : null}
            <p className="actions">
              <button type="submit" name="intent" value="publish" className="button button--primary">Publish {pet.name}</button>
            </p>
          </>
        ) : (
          <p>
            <Link to={`/adopt/pet?pet_id=${pet.id}`}>See {pet.name}&apos;s public page</Link>.{" "}
            {status === "listed" ? (
              <button type="submit" name="intent" value="unpublish" className="button button--small">Unpublish (back to draft)</button>
            ) : null}
          </p>
        )}
      </Form>
    </section>
  );
}

function PetView() {
  const data = useLoaderData<typeof loader>();
  // What the action sent back; a saved upload's `{ location }` goes to the form's XHR, not here.
  const answer = useActionData<typeof action>();
  const actionData = answer && "intent" in answer ? answer : undefined;
  const location = useLocation();
  if (data.view !== "pet") return null;
  const { pet, tab } = data;
  const base = `/petadmin/edit?pet_id=${pet.id}`;
  return (
    <div className="container admin-page">
      <p>
        <Link to="/petadmin/edit">‹ All pets</Link>
      </p>
      <h1>
        {pet.name} <Badges onHold={pet.onHoldEmail !== null} adopted={pet.adoptedEmail !== null} until={pet.onHoldUntil} draft={pet.publishedAt === null} />
      </h1>
      <nav aria-label="Pet" className="tabs">
        <Link to={base} className="tabs__tab" aria-current={tab === "edit" ? "page" : undefined}>Edit pet</Link>
        <Link to={`${base}&tab=description`} className="tabs__tab" aria-current={tab === "description" ? "page" : undefined}>Pet description</Link>
      </nav>
      {data.done && doneTexts[data.done] ? (
        <p className="notice notice--success" role="status">{doneTexts[data.done]}</p>
      ) : null}
      {actionData?.message ? (
        <p className="notice notice--error" role="alert">{actionData.message}</p>
      ) : null}
      {tab === "edit" ? (
        <>
          {/* Staff on a phone reach hold, adopt and delete from the top of a long page (issue 29). */}
          <nav aria-label="On this page" className="jump-links">
            <a href="#edit-title">Details and photos</a>
            <a href="#hold-title">Hold</a>
            <a href="#adopt-title">Mark adopted</a>
            <a href="#delete-title">Delete</a>
          </nav>
          <PublishPanel pet={pet} status={data.status} missing={data.missing} />
          <section className="panel" aria-labelledby="edit-title">
            <h2 id="edit-title">Pet details and photos</h2>
            <PetForm resetKey={`${pet.version}-${location.key}`} id="edit-pet" titleId="edit-title" constraint={data.constraint}
              initial={petFields(pet)} reply={actionData && "reply" in actionData ? actionData.reply : undefined} photos={pet.photoItems} petName={pet.name}
              hidden={{ petId: pet.id, version: pet.version }} submitLabel="Save changes" />
          </section>
          <HoldPanel intent="hold" undo="release" title="On hold" label="Hold for (the adopter's e-mail)" email={pet.onHoldEmail} date={pet.onHoldDate} until={pet.onHoldUntil}
            locked={pet.adoptedEmail !== null} petId={pet.id} version={pet.version} lastResult={actionData?.intent === "hold" ? actionData.result : undefined} />
          <HoldPanel intent="adopt" undo="unadopt" title="Newly adopted" label="Adopted by (the adopter's e-mail)" email={pet.adoptedEmail} date={pet.adoptedDate}
            locked={false} petId={pet.id} version={pet.version} lastResult={actionData?.intent === "adopt" ? actionData.result : undefined} />
          <section className="panel panel--danger" aria-labelledby="delete-title">
            <h2 id="delete-title">Delete</h2>
            <Form method="post" className="stack">
              <input type="hidden" name="petId" value={pet.id} />
              <input type="hidden" name="version" value={pet.version} />
              <div className="field">
                <label htmlFor="delete-confirm">
                  Type “{deletePhrase}” to delete {pet.name}. It stays in Recently deleted for {deletedPetKeptDays} days, then it and its photos are removed for good.
                </label>
                <input id="delete-confirm" name="confirm" autoComplete="off" required pattern={deletePhrase} />
              </div>
              <button type="submit" name="intent" value="delete" className="button button--danger">Delete {pet.name}</button>
            </Form>
          </section>
        </>
      ) : (
        <>
          {pet.onHoldEmail ? <p className="notice notice--info">This pet is on the hold list by {pet.onHoldEmail} at {formatDate(pet.onHoldDate)}{pet.onHoldUntil ? `, held until ${pet.onHoldUntil}` : ""}</p> : null}
          {pet.adoptedEmail ? <p className="notice notice--info">This pet is newly adopted by {pet.adoptedEmail} at {formatDate(pet.adoptedDate)}</p> : null}
          <PetCarousel name={pet.name} photos={pet.photos} />
          <PetDetails pet={pet} />
          <section aria-labelledby="history-title">
            <h2 id="history-title">History</h2>
            {data.changes.length === 0 ? <p>No changes yet.</p> : (
              <ol className="history">
                {data.changes.map((change, index) => (
                  <li key={`${change.createdAt}-${index}`}>
                    {change.summary}, by {change.firstName ? `${change.firstName} ${change.lastName}` : "a former member"},{" "}
                    <time dateTime={change.createdAt}>{formatDate(change.createdAt)}</time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export default function PetAdminEdit() {
  const data = useLoaderData<typeof loader>();
  return data.view === "list" ? <PetList /> : <PetView />;
}
