import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { FosterNoteForm } from "#app/components/foster-note-form";
import { PetPhoto } from "#app/components/pet-photo";
import { useFormatDate } from "#app/components/personal-lists";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { fosterNotePhotosMax } from "#app/lib/foster/foster-placement";
import { fosterNoteSchema } from "#app/lib/foster/foster-placement-schema";
import { routeMeta } from "#app/lib/i18n/meta";
import { fosterMay } from "#app/lib/accounts/permissions";
import { photoUrl } from "#app/lib/photos/photos";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { addFosterNote, getPlacement, hasOpenPlacement, listFosterPets } from "#app/models/foster-placements.server";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { minutesIn } from "#app/lib/i18n/intl";
import { requireUser } from "#app/services/auth.server";
import {
  checkPhotos,
  fosterNotePhotoKey,
  postedFiles,
  removePhotos,
  storePhotos,
} from "#app/services/pet-photos.server";

export const headers = retryAfterHeaders;

export const meta = routeMeta;

const noteStatusLabels = {
  pending: msg`Waiting for the shelter`,
  approved: msg`On the pet's page`,
  rejected: msg`Not shown`,
} as const;

/** The signed-in foster's own placements only (decision 053): nobody else's, staff included. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const placements = await listFosterPets(context.db, viewer.id);
  const i18n = i18nOf(request);
  return {
    meta: {
      title: i18n._(msg`My foster pets`),
      description: i18n._(msg`The pets in your foster home, and what you tell adopters about them.`),
    },
    sent: new URL(request.url).searchParams.get("done") === "note",
    constraint: getZodConstraint(fosterNoteSchema),
    placements: placements.map((placement) => ({
      id: placement.id,
      petId: placement.petId,
      petName: placement.petName,
      species: placement.species,
      photo: placement.images[0] ? photoUrl(placement.images[0]) : null,
      startedAt: placement.startedAt.toISOString(),
      endedAt: placement.endedAt?.toISOString() ?? null,
      // A note's photos are public once staff approve it (issue 39): only then does the page show them.
      notes: placement.notes.map((note) => ({
        id: note.id,
        text: note.text,
        photos: note.status === "approved" ? note.images.map(photoUrl) : [],
        photosWaiting: note.status === "pending" ? note.images.length : 0,
        status: i18n._(noteStatusLabels[note.status]),
        createdAt: note.createdAt.toISOString(),
      })),
    })),
  };
}

/**
 * A note about a pet at home, on one of the foster's own open placements (lib/permissions
 * `fosterMay`; anyone else's is not found). Photos go through the staff photo pipeline (checked by
 * content, stored upright without metadata, with resized copies) and are removed if the note is not kept.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(context, request);
  // Before the body is read (issue 39): an account with no pet at home has no note to send.
  if (!(await hasOpenPlacement(context.db, viewer.id))) throw new Response("Not found", { status: 404 });
  const i18n = i18nOf(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: fosterNoteSchema });
  const placementId = Number(formData.get("placementId")) || 0;
  const refuse = (status: number, error?: Record<string, string[]>) =>
    data({ placementId, result: submission.reply(error ? { fieldErrors: error } : undefined) }, { status });
  const files = postedFiles(formData, "photos");
  if (submission.status !== "success") return data({ placementId, result: submission.reply() }, { status: 400 });
  const placement = await getPlacement(context.db, submission.value.placementId);
  if (!fosterMay("post-note", viewer.id, placement)) throw new Response("Not found", { status: 404 });
  if (files.length > fosterNotePhotosMax)
    return refuse(400, { photos: [i18n._(msg`Choose at most ${fosterNotePhotosMax} photos.`)] });
  // Counted before the photos are read and stored: each note may carry three (issue 39).
  const limited = await tryWrite(
    async () => {
      const allowed = await hitRateLimit(context.db, `foster-note:user:${viewer.id}`, limits.fosterNotesPerAccount);
      if (allowed.allowed) return null;
      const wait = minutesIn(i18n, allowed.retryAfterSeconds);
      const message = i18n._(msg`You have sent several notes in a short time. Please try again in ${wait}.`);
      return data(
        { placementId, result: submission.reply({ formErrors: [message] }) },
        tooManyRequests(allowed.retryAfterSeconds),
      );
    },
    (message) => data({ placementId, result: submission.reply({ formErrors: [i18n._(message)] }) }, { status: 503 }),
  );
  if (limited) return limited;
  const checked = await checkPhotos(files, 0, i18n);
  if (checked.errors.length > 0) return refuse(400, { photos: checked.errors });
  let keys: string[] = [];
  try {
    keys = await storePhotos(context.photos, context.images, checked.photos, fosterNotePhotoKey);
  } catch (error) {
    console.error("foster note photos not stored", error);
    return refuse(503, { photos: [i18n._(msg`The photos could not be stored. Nothing was sent: please try again.`)] });
  }
  return tryWrite(
    async () => {
      if (!(await addFosterNote(context.db, submission.value.placementId, submission.value.text, keys))) {
        await removePhotos(context.photos, keys);
        return data(
          {
            placementId,
            result: submission.reply({
              formErrors: [i18n._(msg`This placement has ended, so the note was not sent.`)],
            }),
          },
          { status: 409 },
        );
      }
      return redirect(localizedPath("/foster/pets?done=note", localeOf(request)));
    },
    async (message) => {
      await removePhotos(context.photos, keys);
      return data({ placementId, result: submission.reply({ formErrors: [message] }) }, { status: 503 });
    },
  );
}

export default function MyFosterPets() {
  const { placements, sent, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useLingui();
  const href = useLocalePath();
  const formatDate = useFormatDate();
  // Each arrival at the page (a sent note redirects here) starts the forms empty, as without
  // JavaScript; a refused note keeps the page's location, and with it what was typed (issue 40).
  const arrival = useLocation().key;
  return (
    <div className="container">
      <h1>
        <Trans>My foster pets</Trans>
      </h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          <Trans>Thank you: your note is with the shelter. It shows on the pet’s page once staff approve it.</Trans>
        </p>
      ) : null}
      {placements.length === 0 ? (
        <p>
          <Trans>
            No pet is placed with you. Once you are an approved foster and the shelter places a pet in your home, it
            shows here. <Link to={href("/foster")}>About fostering</Link>
          </Trans>
        </p>
      ) : (
        placements.map((placement) => {
          const petName = placement.petName;
          const since = <time dateTime={placement.startedAt}>{formatDate(placement.startedAt)}</time>;
          const until = placement.endedAt ? (
            <time dateTime={placement.endedAt}>{formatDate(placement.endedAt)}</time>
          ) : null;
          return (
            <section key={placement.id} className="panel stack" aria-labelledby={`placement-${placement.id}`}>
              <h2 id={`placement-${placement.id}`}>{placement.petName}</h2>
              {placement.photo ? (
                <PetPhoto src={placement.photo} alt="" width={240} height={180} sizes="240px" />
              ) : null}
              <p>
                {until ? (
                  <Trans>
                    With you since {since} until {until}.
                  </Trans>
                ) : (
                  <Trans>With you since {since}.</Trans>
                )}{" "}
                <Link to={href(`/adopt/pet?pet_id=${placement.petId}`)}>
                  <Trans>{petName}’s page</Trans>
                </Link>
              </p>
              {placement.notes.length > 0 ? (
                <ul aria-label={t`Your notes about ${petName}`} className="stack">
                  {placement.notes.map((note) => (
                    <li key={note.id}>
                      <p>{note.text}</p>
                      {note.photos.map((src, index) => {
                        const number = index + 1;
                        return (
                          <PetPhoto
                            key={src}
                            src={src}
                            alt={t`${petName} at the foster home (${number})`}
                            width={240}
                            height={180}
                            sizes="240px"
                            loading="lazy"
                          />
                        );
                      })}
                      {note.photosWaiting > 0 ? (
                        <p>
                          <Plural
                            value={note.photosWaiting}
                            one="With # photo, shown once the shelter approves the note."
                            other="With # photos, shown once the shelter approves the note."
                          />
                        </p>
                      ) : null}
                      <p className="badge badge--status">{note.status}</p>{" "}
                      <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
                    </li>
                  ))}
                </ul>
              ) : null}
              {placement.endedAt ? null : (
                <FosterNoteForm
                  key={arrival}
                  placementId={placement.id}
                  petName={placement.petName}
                  constraint={constraint}
                  lastResult={answer && answer.placementId === placement.id ? answer.result : null}
                />
              )}
            </section>
          );
        })
      )}
    </div>
  );
}
