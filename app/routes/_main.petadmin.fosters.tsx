import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlacementFields } from "#app/components/foster-placement-panel";
import { formatDate } from "#app/components/personal-lists";
import { FormAlert } from "#app/components/ui/form-alert";
import { canTakeLabels, fosterStatusLabels, freePlacesOf, isAwayOn, matchesRoster, placedByFoster, placesOf, type RosterFilter } from "#app/lib/foster";
import { placementDoneMessage, placementReturnTo } from "#app/lib/foster-placement";
import { rosterActionSchema } from "#app/lib/foster-placement-schema";
import { pageMeta } from "#app/lib/meta";
import { tagsForPetChange } from "#app/lib/page-tags";
import { photoUrl } from "#app/lib/photos";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { listRosterCandidates } from "#app/models/foster.server";
import { decideFosterNote, endPlacement, getPlacement, listOpenPlacements, listPendingFosterNotes, listPlaceableFosters, listPlaceablePets, placePet } from "#app/models/foster-placements.server";
import { getPet } from "#app/models/pets.server";
import { requireStaff } from "#app/services/auth.server";
import { removePhotos } from "#app/services/pet-photos.server";

export const meta: MetaFunction = () => pageMeta("Foster roster", "Staff: approved foster homes, by species, places and dates away.");

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
  return {
    filter,
    done: placementDoneMessage(new URL(request.url).searchParams.get("done")),
    placeablePets,
    placeableFosters: placeableFosters.map(({ id, name }) => ({ id, name })),
    openPlacements: openPlacements.map((placement) => ({ ...placement, startedAt: placement.startedAt.toISOString() })),
    pendingNotes: pendingNotes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString(), photos: note.images.map(photoUrl) })),
    fosters: fosters.map((foster) => ({
      id: foster.id,
      name: `${foster.firstName} ${foster.lastName}`,
      email: foster.email,
      status: fosterStatusLabels[foster.status],
      places: placesOf(foster.answers),
      free: freePlacesOf(foster.answers, foster.placed),
      canTake: canTakeLabels(foster.answers),
      away: foster.answers.awayFrom ? `${foster.answers.awayFrom} to ${foster.answers.awayUntil ?? foster.answers.awayFrom}` : null,
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
  if (submission.status !== "success") return data({ message: Object.values(submission.error ?? {}).flat().filter(Boolean)[0] ?? "That form was not complete." }, { status: 400 });
  const value = submission.value;
  const failed = (message: string) => data({ message }, { status: 503 });
  if (value.intent === "place") {
    const [pet, fosters] = await Promise.all([getPet(context.db, value.petId), listPlaceableFosters(context.db)]);
    const foster = fosters.find((candidate) => candidate.id === value.fosterId);
    if (!pet) throw new Response("Pet not found", { status: 404 });
    if (!foster) return data({ message: "That foster is not approved to take pets just now." }, { status: 409 });
    return tryWrite(async () => {
      const outcome = await placePet(context.db, { petId: pet.id, petVersion: pet.version, fosterId: foster.id, fosterName: foster.name, listed: value.listing === "listed", userId: staff.id });
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict") return data({ message: `${pet.name} could not be placed: it is placed already, adopted, a draft, or changed just now.` }, { status: 409 });
      context.pages.purgeAfterSave(tagsForPetChange(pet.id, [pet.species]));
      return redirect(withDone(placementReturnTo(value.returnTo), "placed"));
    }, failed);
  }
  if (value.intent === "end") {
    const placement = await getPlacement(context.db, value.placementId);
    if (!placement) throw new Response("Placement not found", { status: 404 });
    return tryWrite(async () => {
      const outcome = await endPlacement(context.db, { id: placement.id, petId: placement.petId, petVersion: placement.petVersion, fosterId: placement.fosterId, fosterName: placement.fosterName }, staff.id);
      if (outcome === "missing") throw new Response("Pet not found", { status: 404 });
      if (outcome === "conflict") return data({ message: `The placement of ${placement.petName} had ended already or changed just now.` }, { status: 409 });
      context.pages.purgeAfterSave(tagsForPetChange(placement.petId, [placement.species]));
      return redirect(withDone(placementReturnTo(value.returnTo), "ended"));
    }, failed);
  }
  return tryWrite(async () => {
    const decided = await decideFosterNote(context.db, value.noteId, value.intent === "approve-note" ? "approved" : "rejected", staff.id);
    if (!decided) return data({ message: "That note was decided already." }, { status: 409 });
    if (decided.removedPhotos.length > 0) await removePhotos(context.photos, decided.removedPhotos);
    if (value.intent === "approve-note") context.pages.purgeAfterSave(tagsForPetChange(decided.petId, [decided.species]));
    return redirect(withDone("/petadmin/fosters", value.intent));
  }, failed);
}

const withDone = (path: string, done: string) => `${path}${path.includes("?") ? "&" : "?"}done=${done}`;

export default function FosterRoster() {
  const { filter, fosters, done, placeablePets, placeableFosters, openPlacements, pendingNotes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container admin-page">
      <p>
        <Link to="/petadmin">‹ Pet Admin</Link>
      </p>
      <h1>Foster roster</h1>
      {done ? <p className="notice notice--success" role="status">{done}</p> : null}
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      <section aria-labelledby="notes-title">
        <h2 id="notes-title">Foster notes waiting</h2>
        {pendingNotes.length === 0 ? <p className="empty">No note is waiting.</p> : (
          <ul className="inbox-list" aria-label="Foster notes waiting">
            {pendingNotes.map((note) => (
              <li key={note.id} className="panel">
                <h3>
                  <Link to={`/adopt/pet?pet_id=${note.petId}`}>{note.petName}</Link>, from {note.fosterName}, <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
                </h3>
                <p className="foster-note__text">{note.text}</p>
                {note.photos.map((src, index) => (
                  <img key={src} src={src} alt={`${note.petName} at the foster home (${index + 1})`} width={160} height={120} loading="lazy" />
                ))}
                <Form method="post" className="button-row">
                  <input type="hidden" name="noteId" value={note.id} />
                  <button type="submit" name="intent" value="approve-note" className="button button--small">Approve the note on {note.petName}</button>
                  <button type="submit" name="intent" value="reject-note" className="button button--small button--secondary">Reject</button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="placed-title">
        <h2 id="placed-title">Pets in foster homes</h2>
        {openPlacements.length === 0 ? <p className="empty">No pet is in a foster home.</p> : (
          <ul className="inbox-list" aria-label="Pets in foster homes">
            {openPlacements.map((placement) => (
              <li key={placement.id} className="panel">
                <p>
                  <Link to={`/petadmin/edit?pet_id=${placement.petId}`}>{placement.petName}</Link> with {placement.fosterName} since{" "}
                  <time dateTime={placement.startedAt}>{formatDate(placement.startedAt)}</time> ({placement.listed ? "listed for adoption" : "not listed"})
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="placementId" value={placement.id} />
                  <button type="submit" className="button button--small">End the placement of {placement.petName}</button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {placeablePets.length > 0 && placeableFosters.length > 0 ? (
          <Form method="post" aria-label="Place a pet with a foster">
            <h3>Place a pet with a foster</h3>
            <input type="hidden" name="intent" value="place" />
            <div className="field">
              <label htmlFor="roster-place-pet">Pet</label>
              <select id="roster-place-pet" name="petId" required defaultValue="">
                <option value="" disabled>Choose a pet</option>
                {placeablePets.map((pet) => (
                  <option key={pet.id} value={pet.id}>{pet.name} ({pet.species})</option>
                ))}
              </select>
            </div>
            <PlacementFields fosters={placeableFosters} idPrefix="roster-place" />
            <button type="submit" className="button button--small">Place the pet</button>
          </Form>
        ) : null}
      </section>
      <h2>Approved fosters</h2>
      <Form method="get" className="search" aria-label="Filter the roster">
        <div className="field">
          <label htmlFor="roster-species">Species</label>
          <select id="roster-species" name="species" defaultValue={filter.species ?? ""}>
            <option value="">Dogs or cats</option>
            <option value="dogs">Dogs</option>
            <option value="cats">Cats</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="roster-places">Places at least</label>
          <input id="roster-places" name="places" type="number" min={0} max={20} defaultValue={filter.minPlaces || ""} />
        </div>
        <div className="field">
          <label htmlFor="roster-free-on">Not away on</label>
          <input id="roster-free-on" name="free_on" type="date" defaultValue={filter.freeOn ?? ""} />
        </div>
        <button type="submit" className="button button--small">Show</button>
      </Form>
      {fosters.length === 0 ? (
        <p className="empty">No approved foster matches.</p>
      ) : (
        <ul className="inbox-list" aria-label="Approved fosters">
          {fosters.map((foster) => (
            <li key={foster.id} className="panel">
              <h3>
                <Link to={`/petadmin/inbox/foster/${foster.id}`}>{foster.name}</Link> <span className="badge badge--status">{foster.status}</span>
              </h3>
              <p>
                {foster.email} · places: {foster.places.dogs} {foster.places.dogs === 1 ? "dog" : "dogs"} ({foster.free.dogs} free), {foster.places.cats}{" "}
                {foster.places.cats === 1 ? "cat" : "cats"} ({foster.free.cats} free)
              </p>
              <p>Can take: {foster.canTake || "—"}</p>
              {foster.away ? <p>Away {foster.away}{foster.awayToday ? " (away today)" : ""}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
