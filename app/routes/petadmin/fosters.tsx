import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { speciesLabel } from "#app/components/pet-form/species-labels";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { calendarDateIn, staffDateIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { PlacementFields } from "#app/components/foster-placement-panel";
import { FormAlert } from "#app/components/ui/form-alert";
import { AskFirst, QuestionPanel, type Question } from "#app/components/ask-first";
import {
  canTakeLabels,
  fosterStatusLabels,
  freePlacesOf,
  isAwayOn,
  matchesRoster,
  placedByFoster,
  placesOf,
  type RosterFilter,
} from "#app/lib/foster/foster";
import { placementDoneMessage, placementReturnTo } from "#app/lib/foster/foster-placement";
import { rosterActionSchema } from "#app/lib/foster/foster-placement-schema";
import { routeMeta } from "#app/lib/i18n/meta";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { fosterNotePhotoForStaff } from "#app/lib/photos/photos";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { listRosterCandidates } from "#app/models/foster.server";
import {
  decideFosterNote,
  endPlacement,
  getFosterContact,
  getPlacement,
  listOpenPlacements,
  listPendingFosterNotes,
  listPlaceableFosters,
  listPlaceablePets,
  placePet,
} from "#app/models/foster-placements.server";
import {
  fosterNoteDecidedMessage,
  fosterPlacedMessage,
  fosterPlacementEndedMessage,
} from "#app/lib/foster/foster-emails";
import { sendAfterResponse } from "#app/services/notify.server";
import type { Email } from "#app/lib/email/emails";
import type { I18n } from "@lingui/core";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { getPet } from "#app/models/pets.server";
import { requireStaff } from "#app/services/auth.server";
import { removePhotos } from "#app/services/pet-photos.server";

export const meta = routeMeta;

/** The filter from the address; anything unknown falls back to no filter, never an error. */
function filterOf(params: URLSearchParams): RosterFilter {
  const species = params.get("species");
  const places = Number(params.get("places") ?? "");
  const date = params.get("free_on") ?? "";
  return {
    species: species === "dogs" || species === "cats" ? species : null,
    minPlaces: Number.isInteger(places) && places > 0 && places <= 20 ? places : 0,
    freeOn: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
  };
}

/** Approved fosters (decision 053): who could take which animal, and when they are away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:fosters");
  const filter = filterOf(new URL(request.url).searchParams);
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const today = new Date().toISOString().slice(0, 10);
  const [candidates, placeablePets, placeableFosters, openPlacements, pendingNotes] = await Promise.all([
    listRosterCandidates(context.db),
    listPlaceablePets(context.db),
    listPlaceableFosters(context.db),
    listOpenPlacements(context.db),
    listPendingFosterNotes(context.db),
  ]);
  const placed = placedByFoster(openPlacements);
  const fosters = candidates
    .map((foster) => ({ ...foster, placed: placed.get(foster.id) }))
    .filter((foster) => matchesRoster(foster, filter));
  const query = new URL(request.url).searchParams;
  const done = placementDoneMessage(query.get("done"));
  return {
    meta: {
      title: i18n._(msg`Foster roster`),
      description: i18n._(msg`Staff: approved foster homes, by species, places and dates away.`),
    },
    filter,
    done: done ? i18n._(done) : null,
    // Rejecting a note (its photos are deleted) asks first: with JavaScript in a dialog, without it here at ?confirm=reject-note&note=<id>.
    confirmReject:
      query.get("confirm") === "reject-note"
        ? (pendingNotes.find((note) => String(note.id) === query.get("note"))?.id ?? null)
        : null,
    placeablePets,
    placeableFosters: placeableFosters.map(({ id, name }) => ({ id, name })),
    openPlacements: openPlacements.map((placement) => ({ ...placement, startedAt: placement.startedAt.toISOString() })),
    pendingNotes: pendingNotes.map(({ images, ...note }) => ({
      ...note,
      createdAt: note.createdAt.toISOString(),
      photos: images.map(fosterNotePhotoForStaff),
    })),
    fosters: fosters.map((foster) => ({
      id: foster.id,
      name: `${foster.firstName} ${foster.lastName}`,
      email: foster.email,
      status: i18n._(fosterStatusLabels[foster.status]),
      places: placesOf(foster.answers),
      free: freePlacesOf(foster.answers, foster.placed),
      canTake: canTakeLabels(foster.answers, (label) => i18n._(label)),
      // Dates as the rest of the site shows them, in the page's language (issue 40), not as typed.
      away: foster.answers.awayFrom
        ? {
            from: calendarDateIn(locale, foster.answers.awayFrom),
            until: calendarDateIn(locale, foster.answers.awayUntil ?? foster.answers.awayFrom),
          }
        : null,
      awayToday: isAwayOn(foster.answers, today),
    })),
  };
}

/**
 * Placing a pet with a foster, ending a placement, and approving or rejecting a foster's note
 * (decision 053), each under `update:fosters`; staff go back where they came from (the roster or the
 * pet's edit page). A pet whose public pages change has them purged.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Who asks is checked before the body is read (issue 22).
  const staff = await requireStaff(context, request, "update:fosters");
  const submission = parseWithZod(await readFormData(request), { schema: rosterActionSchema });
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {})
      .flat()
      .filter(Boolean)[0];
    return data({ message: first ? i18n._(first) : i18n._(msg`That form was not complete.`) }, { status: 400 });
  }
  const value = submission.value;
  const failed = (message: string) => data({ message: i18n._(message) }, { status: 503 });
  // The foster is told of each change, in their account's language, with a link to "My foster pets"
  // in it (issue 40); the mailer sends only to a confirmed address (decision 041).
  const origin = new URL(request.url).origin;
  type Foster = { email: string; firstName: string; language: string };
  const tellFoster = (foster: Foster | undefined, write: (foster: Foster, link: string, i18n: I18n) => Email) => {
    if (!foster) return;
    const fosterLocale = accountLocale(foster.language);
    sendAfterResponse(
      context,
      write(foster, `${origin}${localizedPath("/foster/pets", fosterLocale)}`, i18nFor(fosterLocale)),
    );
  };
  const back = (path: string, done: string) => redirect(localizedPath(withDone(path, done), locale));
  if (value.intent === "place") {
    const [pet, fosters] = await Promise.all([getPet(context.db, value.petId), listPlaceableFosters(context.db)]);
    const foster = fosters.find((candidate) => candidate.id === value.fosterId);
    if (!pet) throw new Response("Pet not found", { status: 404 });
    if (!foster)
      return data({ message: i18n._(msg`That foster is not approved to take pets just now.`) }, { status: 409 });
    const name = pet.name;
    return tryWrite(async () => {
      const outcome = await placePet(context.db, {
        petId: pet.id,
        petVersion: pet.version,
        fosterId: foster.id,
        fosterName: foster.name,
        listed: value.listing === "listed",
        userId: staff.id,
      });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict")
        return data(
          {
            message: i18n._(
              msg`${name} could not be placed: it is placed already, adopted, a draft, or changed just now.`,
            ),
          },
          { status: 409 },
        );
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      tellFoster(await getFosterContact(context.db, foster.id), (to, link, fosterI18n) =>
        fosterPlacedMessage(to.email, to.firstName, name, link, fosterI18n),
      );
      return back(placementReturnTo(value.returnTo), "placed");
    }, failed);
  }
  if (value.intent === "end") {
    const placement = await getPlacement(context.db, value.placementId);
    if (!placement) throw new Response("Placement not found", { status: 404 });
    const name = placement.petName;
    return tryWrite(async () => {
      const outcome = await endPlacement(
        context.db,
        {
          id: placement.id,
          petId: placement.petId,
          petVersion: placement.petVersion,
          fosterId: placement.fosterId,
          fosterName: placement.fosterName,
        },
        staff.id,
      );
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict")
        return data(
          { message: i18n._(msg`The placement of ${name} had ended already or changed just now.`) },
          { status: 409 },
        );
      context.pages.purgeAfterSave(tagsForPetChange(placement.petId, [placement.species]));
      const foster = {
        email: placement.fosterEmail,
        firstName: placement.fosterFirstName,
        language: placement.fosterLanguage,
      };
      tellFoster(foster, (to, link, fosterI18n) =>
        fosterPlacementEndedMessage(to.email, to.firstName, name, link, fosterI18n),
      );
      return back(placementReturnTo(value.returnTo), "ended");
    }, failed);
  }
  return tryWrite(async () => {
    const decided = await decideFosterNote(
      context.db,
      value.noteId,
      value.intent === "approve-note" ? "approved" : "rejected",
      staff.id,
    );
    if (!decided) return data({ message: i18n._(msg`That note was decided already.`) }, { status: 409 });
    if (decided.removedPhotos.length > 0) await removePhotos(context.photos, decided.removedPhotos);
    if (value.intent === "approve-note")
      context.pages.purgeAfterSave(tagsForPetChange(decided.petId, [decided.species]));
    tellFoster(decided.foster, (to, link, fosterI18n) =>
      fosterNoteDecidedMessage(
        to.email,
        to.firstName,
        decided.petName,
        value.intent === "approve-note" ? "approved" : "rejected",
        link,
        fosterI18n,
      ),
    );
    return back("/petadmin/fosters", value.intent);
  }, failed);
}

const withDone = (path: string, done: string) => `${path}${path.includes("?") ? "&" : "?"}done=${done}`;

export default function FosterRoster() {
  const { filter, fosters, done, placeablePets, placeableFosters, openPlacements, pendingNotes, confirmReject } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const rejectQuestion = (note: (typeof pendingNotes)[number]): Question => {
    const { petName, fosterName } = note;
    const count = note.photos.length;
    return {
      title: t`Reject the note on ${petName}?`,
      says: (
        <p>
          {count === 0 ? (
            <Trans>
              It stays in {fosterName}’s list as “Not shown”, never on {petName}’s page, and {fosterName} is emailed
              about it.
            </Trans>
          ) : (
            <Trans>
              It stays in {fosterName}’s list as “Not shown”, never on {petName}’s page, and {fosterName} is emailed
              about it. Its photos ({count}) are deleted for good.
            </Trans>
          )}
        </p>
      ),
      fields: { intent: "reject-note", noteId: note.id },
      yes: t`Yes, reject the note`,
      yesClassName: "button button--danger",
    };
  };
  const rejecting = pendingNotes.find((note) => note.id === confirmReject);
  return (
    <>
      <h1>
        <Trans>Foster roster</Trans>
      </h1>
      {done ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      {rejecting ? (
        <QuestionPanel
          id="reject-confirm"
          question={rejectQuestion(rejecting)}
          cancelTo={href("/petadmin/fosters#notes-title")}
        />
      ) : null}
      <section aria-labelledby="notes-title">
        <h2 id="notes-title">
          <Trans>Foster notes waiting</Trans>
        </h2>
        {pendingNotes.length === 0 ? (
          <p className="empty">
            <Trans>No note is waiting.</Trans>
          </p>
        ) : (
          <ul className="inbox-list" aria-label={t`Foster notes waiting`}>
            {pendingNotes.map((note) => (
              <li key={note.id} className="panel">
                <h3>
                  <Trans>
                    <Link to={href(`/adopt/pet?pet_id=${note.petId}`)}>{note.petName}</Link>, from {note.fosterName},{" "}
                    <time dateTime={note.createdAt}>{staffDateIn(locale, note.createdAt)}</time>
                  </Trans>
                </h3>
                <p className="foster-note__text">{note.text}</p>
                {note.photos.map((src, index) => (
                  <img
                    key={src}
                    src={src}
                    alt={t`${note.petName} at the foster home (${index + 1})`}
                    width={160}
                    height={120}
                    loading="lazy"
                  />
                ))}
                <div className="button-row">
                  <Form method="post">
                    <input type="hidden" name="noteId" value={note.id} />
                    <button type="submit" name="intent" value="approve-note" className="button button--small">
                      <Trans>Approve the note on {note.petName}</Trans>
                    </button>
                  </Form>
                  <AskFirst
                    id={`reject-${note.id}`}
                    query={{ confirm: "reject-note", note: note.id }}
                    label={t`Reject…`}
                    className="button button--small button--secondary"
                    question={rejectQuestion(note)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="placed-title">
        <h2 id="placed-title">
          <Trans>Pets in foster homes</Trans>
        </h2>
        {openPlacements.length === 0 ? (
          <p className="empty">
            <Trans>No pet is in a foster home.</Trans>
          </p>
        ) : (
          <ul className="inbox-list" aria-label={t`Pets in foster homes`}>
            {openPlacements.map((placement) => (
              <li key={placement.id} className="panel">
                <p>
                  {placement.listed ? (
                    <Trans>
                      <Link to={href(`/petadmin/edit?pet_id=${placement.petId}`)}>{placement.petName}</Link> with{" "}
                      {placement.fosterName} since{" "}
                      <time dateTime={placement.startedAt}>{staffDateIn(locale, placement.startedAt)}</time> (listed for
                      adoption)
                    </Trans>
                  ) : (
                    <Trans>
                      <Link to={href(`/petadmin/edit?pet_id=${placement.petId}`)}>{placement.petName}</Link> with{" "}
                      {placement.fosterName} since{" "}
                      <time dateTime={placement.startedAt}>{staffDateIn(locale, placement.startedAt)}</time> (not
                      listed)
                    </Trans>
                  )}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="placementId" value={placement.id} />
                  <button type="submit" className="button button--small">
                    <Trans>End the placement of {placement.petName}</Trans>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {placeablePets.length > 0 && placeableFosters.length > 0 ? (
          <Form method="post" aria-label={t`Place a pet with a foster`} className="stack placement-form">
            <h3>
              <Trans>Place a pet with a foster</Trans>
            </h3>
            <input type="hidden" name="intent" value="place" />
            <div className="field">
              <label htmlFor="roster-place-pet">
                <Trans>Pet</Trans>
              </label>
              <select id="roster-place-pet" name="petId" required defaultValue="">
                <option value="" disabled>
                  {t`Choose a pet`}
                </option>
                {placeablePets.map((pet) => (
                  <option key={pet.id} value={pet.id}>{`${pet.name} (${speciesLabel(t, pet.species)})`}</option>
                ))}
              </select>
            </div>
            <PlacementFields fosters={placeableFosters} idPrefix="roster-place" />
            <button type="submit" className="button button--small">
              <Trans>Place the pet</Trans>
            </button>
          </Form>
        ) : null}
      </section>
      <h2>
        <Trans>Approved fosters</Trans>
      </h2>
      <Form method="get" className="search" aria-label={t`Filter the roster`}>
        <div className="field">
          <label htmlFor="roster-species">
            <Trans>Species</Trans>
          </label>
          <select id="roster-species" name="species" defaultValue={filter.species ?? ""}>
            <option value="">{t`Dogs or cats`}</option>
            <option value="dogs">{t`Dogs`}</option>
            <option value="cats">{t`Cats`}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="roster-places">
            <Trans>Places at least</Trans>
          </label>
          <input
            id="roster-places"
            name="places"
            type="number"
            min={0}
            max={20}
            defaultValue={filter.minPlaces || ""}
          />
        </div>
        <div className="field">
          <label htmlFor="roster-free-on">
            <Trans>Not away on</Trans>
          </label>
          <input id="roster-free-on" name="free_on" type="date" defaultValue={filter.freeOn ?? ""} />
        </div>
        <button type="submit" className="button button--small">
          <Trans>Show</Trans>
        </button>
      </Form>
      {fosters.length === 0 ? (
        <p className="empty">
          <Trans>No approved foster matches.</Trans>
        </p>
      ) : (
        <ul className="inbox-list" aria-label={t`Approved fosters`}>
          {fosters.map((foster) => (
            <li key={foster.id} className="panel">
              <h3>
                <Link to={href(`/petadmin/inbox/foster/${foster.id}`)}>{foster.name}</Link>{" "}
                <span className="badge badge--status">{foster.status}</span>
              </h3>
              <p>
                {foster.email} · <Trans>places:</Trans> <Plural value={foster.places.dogs} one="# dog" other="# dogs" />{" "}
                <Trans>({foster.free.dogs} free)</Trans>,{" "}
                <Plural value={foster.places.cats} one="# cat" other="# cats" />{" "}
                <Trans>({foster.free.cats} free)</Trans>
              </p>
              <p>
                {/* What a foster can take: lib/foster/foster.ts words it (canTakeLabels), the loader in the page's language. */}
                <Trans>
                  Can take: <span className="roster-can-take">{foster.canTake || "—"}</span>
                </Trans>
              </p>
              {foster.away ? (
                <p>
                  {foster.awayToday ? (
                    <Trans>
                      Away {foster.away.from} to {foster.away.until} (away today)
                    </Trans>
                  ) : (
                    <Trans>
                      Away {foster.away.from} to {foster.away.until}
                    </Trans>
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
