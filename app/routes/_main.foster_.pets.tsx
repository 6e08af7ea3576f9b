import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { FosterNoteForm } from "#app/components/foster-note-form";
import { useFormatDate } from "#app/components/personal-lists";
import { localeOfPath, localizedPath } from "#app/lib/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { fosterNotePhotosMax } from "#app/lib/foster-placement";
import { fosterNoteSchema } from "#app/lib/foster-placement-schema";
import { pageMeta } from "#app/lib/meta";
import { fosterMay } from "#app/lib/permissions";
import { photoUrl } from "#app/lib/photos";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { addFosterNote, getPlacement, listFosterPets } from "#app/models/foster-placements.server";
import { requireUser } from "#app/services/auth.server";
import { checkPhotos, postedFiles, removePhotos, storePhotos } from "#app/services/pet-photos.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

const noteStatusLabels = { pending: msg`Waiting for the shelter`, approved: msg`On the pet's page`, rejected: msg`Not shown` } as const;

/** The signed-in foster's own placements only (decision 053): nobody else's, staff included. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const placements = await listFosterPets(context.db, viewer.id);
  const i18n = i18nOf(request);
  return {
    meta: { title: i18n._(msg`My foster pets`), description: i18n._(msg`The pets in your foster home, and what you tell adopters about them.`) },
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
      notes: placement.notes.map((note) => ({ id: note.id, text: note.text, photos: note.images.map(photoUrl), status: i18n._(noteStatusLabels[note.status]), createdAt: note.createdAt.toISOString() })),
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
  const i18n = i18nOf(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: fosterNoteSchema });
  const placementId = Number(formData.get("placementId")) || 0;
  const refuse = (status: number, error?: Record<string, string[]>) => data({ placementId, result: submission.reply(error ? { fieldErrors: error } : undefined) }, { status });
  const files = postedFiles(formData, "photos");
  if (submission.status !== "success") return data({ placementId, result: submission.reply() }, { status: 400 });
  const placement = await getPlacement(context.db, submission.value.placementId);
  if (!fosterMay("post-note", viewer.id, placement)) throw new Response("Not found", { status: 404 });
  if (files.length > fosterNotePhotosMax) return refuse(400, { photos: [i18n._(msg`Choose at most ${fosterNotePhotosMax} photos.`)] });
  const checked = await checkPhotos(files, 0, i18n);
  if (checked.errors.length > 0) return refuse(400, { photos: checked.errors });
  let keys: string[] = [];
  try {
    keys = await storePhotos(context.photos, context.images, checked.photos);
  } catch (error) {
    console.error("foster note photos not stored", error);
    return refuse(503, { photos: [i18n._(msg`The photos could not be stored. Nothing was sent: please try again.`)] });
  }
  return tryWrite(
    async () => {
      if (!(await addFosterNote(context.db, submission.value.placementId, submission.value.text, keys))) {
        await removePhotos(context.photos, keys);
        return data({ placementId, result: submission.reply({ formErrors: [i18n._(msg`This placement has ended, so the note was not sent.`)] }) }, { status: 409 });
      }
      return redirect(localizedPath("/foster/pets?done=note", localeOfPath(new URL(request.url).pathname)));
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
            No pet is placed with you. Once you are an approved foster and the shelter places a pet in your home, it shows here. <Link to={href("/foster")}>About fostering</Link>
          </Trans>
        </p>
      ) : (
        placements.map((placement) => {
          const petName = placement.petName;
          const since = <time dateTime={placement.startedAt}>{formatDate(placement.startedAt)}</time>;
          const until = placement.endedAt ? <time dateTime={placement.endedAt}>{formatDate(placement.endedAt)}</time> : null;
          return (
            <section key={placement.id} className="panel stack" aria-labelledby={`placement-${placement.id}`}>
              <h2 id={`placement-${placement.id}`}>{placement.petName}</h2>
              {placement.photo ? <img src={placement.photo} alt="" width={240} height={180} /> : null}
              <p>
                {until ? <Trans>With you since {since} until {until}.</Trans> : <Trans>With you since {since}.</Trans>}{" "}
                <Link to={href(`/adopt/pet?pet_id=${placement.petId}`)}>
                  <Trans>{petName}’s page</Trans>
                </Link>
              </p>
              {placement.notes.length > 0 ? (
                <ul aria-label={t`Your notes about ${petName}`} className="stack">
                  {placement.notes.map((note) => (
                    <li key={note.id}>
                      <p>{note.text}</p>
                      <p className="badge badge--status">{note.status}</p> <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
                    </li>
                  ))}
                </ul>
              ) : null}
              {placement.endedAt ? null : (
                <FosterNoteForm
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
