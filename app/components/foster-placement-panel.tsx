import { Form, useSearchParams } from "@remix-run/react";
import { placementDoneMessage } from "#app/lib/foster-placement";
import { formatDate } from "#app/components/personal-lists";

export interface PlacementRow {
  id: number;
  listed: boolean;
  startedAt: string;
  endedAt: string | null;
  fosterName: string;
}

/**
 * The pet's foster placements on its staff page (decision 053): the placements so far, ending the open
 * one, or placing the pet with an approved foster. The forms post to the roster's action, which sends
 * staff back here.
 */
export function FosterPlacementPanel({ petId, petName, placements, fosters, canPlace }: { petId: number; petName: string; placements: PlacementRow[]; fosters: { id: number; name: string }[]; canPlace: boolean }) {
  const open = placements.find((placement) => placement.endedAt === null);
  const returnTo = `/petadmin/edit?pet_id=${petId}&tab=description`;
  const done = placementDoneMessage(useSearchParams()[0].get("done"));
  return (
    <section aria-labelledby="foster-placements-title" className="panel">
      <h2 id="foster-placements-title">Foster placements</h2>
      {done ? <p className="notice notice--success" role="status">{done}</p> : null}
      {placements.length === 0 ? <p>{petName} has not been in a foster home.</p> : (
        <ol className="history">
          {placements.map((placement) => (
            <li key={placement.id}>
              With {placement.fosterName} from <time dateTime={placement.startedAt}>{formatDate(placement.startedAt)}</time>
              {placement.endedAt ? <> to <time dateTime={placement.endedAt}>{formatDate(placement.endedAt)}</time></> : ` (now; ${placement.listed ? "listed for adoption" : "not listed"})`}
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <Form method="post" action="/petadmin/fosters">
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="placementId" value={open.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="button button--small">End the placement with {open.fosterName}</button>
        </Form>
      ) : canPlace && fosters.length > 0 ? (
        <Form method="post" action="/petadmin/fosters" aria-label={`Place ${petName} with a foster`}>
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="petId" value={petId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <PlacementFields fosters={fosters} idPrefix="pet-place" />
          <button type="submit" className="button button--small">Place {petName}</button>
        </Form>
      ) : canPlace ? <p>No approved foster to place {petName} with yet.</p> : null}
    </section>
  );
}

/** The foster to place with, and whether the pet stays listed for adoption meanwhile. */
export function PlacementFields({ fosters, idPrefix }: { fosters: { id: number; name: string }[]; idPrefix: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-foster`}>Foster</label>
        <select id={`${idPrefix}-foster`} name="fosterId" required defaultValue="">
          <option value="" disabled>Choose a foster</option>
          {fosters.map((foster) => (
            <option key={foster.id} value={foster.id}>{foster.name}</option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>While placed</legend>
        <label>
          <input type="radio" name="listing" value="listed" defaultChecked required /> Stays listed for adoption, as “In a foster home”
        </label>
        <label>
          <input type="radio" name="listing" value="unlisted" /> Not listed for adoption
        </label>
      </fieldset>
    </>
  );
}
