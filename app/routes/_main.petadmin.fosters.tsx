import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { canTakeLabels, fosterStatusLabels, isAwayOn, matchesRoster, placesOf, type RosterFilter } from "#app/lib/foster";
import { pageMeta } from "#app/lib/meta";
import { listRosterCandidates } from "#app/models/foster.server";
import { requireStaff } from "#app/services/auth.server";

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
  const fosters = (await listRosterCandidates(context.db)).filter((foster) => matchesRoster(foster, filter));
  return {
    filter,
    fosters: fosters.map((foster) => ({
      id: foster.id,
      name: `${foster.firstName} ${foster.lastName}`,
      email: foster.email,
      status: fosterStatusLabels[foster.status],
      places: placesOf(foster.answers),
      canTake: canTakeLabels(foster.answers),
      away: foster.answers.awayFrom ? `${foster.answers.awayFrom} to ${foster.answers.awayUntil ?? foster.answers.awayFrom}` : null,
      awayToday: isAwayOn(foster.answers, today),
    })),
  };
}

export default function FosterRoster() {
  const { filter, fosters } = useLoaderData<typeof loader>();
  return (
    <div className="container admin-page">
      <p>
        <Link to="/petadmin">‹ Pet Admin</Link>
      </p>
      <h1>Foster roster</h1>
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
              <h2>
                <Link to={`/petadmin/inbox/foster/${foster.id}`}>{foster.name}</Link> <span className="badge badge--status">{foster.status}</span>
              </h2>
              <p>
                {foster.email} · places: {foster.places.dogs} {foster.places.dogs === 1 ? "dog" : "dogs"}, {foster.places.cats} {foster.places.cats === 1 ? "cat" : "cats"}
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
