import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FosterNoteForm } from "#app/components/foster-note-form";
import { formatDate } from "#app/components/personal-lists";
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

export const meta: MetaFunction = () => pageMeta("My foster pets", "The pets in your foster home, and what you tell adopters about them.");

const noteStatusLabels = { pending: "Waiting for the shelter", approved: "On the pet's page", rejected: "Not shown" } as const;

/** The signed-in foster's own placements only (decision 053): nobody else's, staff included. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const placements = await listFosterPets(context.db, viewer.id);
  return {
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
      notes: placement.notes.map((note) => ({ id: note.id, text: note.text, photos: note.images.map(photoUrl), status: noteStatusLabels[note.status], createdAt: note.createdAt.toISOString() })),
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
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: fosterNoteSchema });
  const placementId = Number(formData.get("placementId")) || 0;
  const refuse = (status: number, error?: Record<string, string[]>) => data({ placementId, result: submission.reply(error ? { fieldErrors: error } : undefined) }, { status });
  const files = postedFiles(formData, "photos");
  if (submission.status !== "success") return data({ placementId, result: submission.reply() }, { status: 400 });
  const placement = await getPlacement(context.db, submission.value.placementId);
  if (!fosterMay("post-note", viewer.id, placement)) throw new Response("Not found", { status: 404 });
  if (files.length > fosterNotePhotosMax) return refuse(400, { photos: [`Choose at most ${fosterNotePhotosMax} photos.`] });
  const checked = await checkPhotos(files, 0);
  if (checked.errors.length > 0) return refuse(400, { photos: checked.errors });
  let keys: string[] = [];
  try {
    keys = await storePhotos(context.photos, context.images, checked.photos);
  } catch (error) {
    console.error("foster note photos not stored", error);
    return refuse(503, { photos: ["The photos could not be stored. Nothing was sent: please try again."] });
  }
  return tryWrite(
    async () => {
      if (!(await addFosterNote(context.db, submission.value.placementId, submission.value.text, keys))) {
        await removePhotos(context.photos, keys);
        return data({ placementId, result: submission.reply({ formErrors: ["This placement has ended, so the note was not sent."] }) }, { status: 409 });
      }
      return redirect("/foster/pets?done=note");
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
  return (
    <div className="container">
      <h1>My foster pets</h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          Thank you: your note is with the shelter. It shows on the pet’s page once staff approve it.
        </p>
      ) : null}
      {placements.length === 0 ? (
        <p>
          No pet is placed with you. Once you are an approved foster and the shelter places a pet in your home, it shows here. <Link to="/foster">About fostering</Link>
        </p>
      ) : (
        placements.map((placement) => (
          <section key={placement.id} className="panel stack" aria-labelledby={`placement-${placement.id}`}>
            <h2 id={`placement-${placement.id}`}>{placement.petName}</h2>
            {placement.photo ? <img src={placement.photo} alt="" width={240} height={180} /> : null}
            <p>
              With you since <time dateTime={placement.startedAt}>{formatDate(placement.startedAt)}</time>
              {placement.endedAt ? <> until <time dateTime={placement.endedAt}>{formatDate(placement.endedAt)}</time></> : null}.{" "}
              <Link to={`/adopt/pet?pet_id=${placement.petId}`}>{placement.petName}’s page</Link>
            </p>
            {placement.notes.length > 0 ? (
              <ul aria-label={`Your notes about ${placement.petName}`} className="stack">
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
        ))
      )}
    </div>
  );
}
