import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useSearchParams } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { placementDoneMessage } from "#app/lib/foster/foster-placement";
import { staffDateIn } from "#app/lib/i18n/staff-dates";

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
export function FosterPlacementPanel({
  petId,
  petName,
  placements,
  fosters,
  canPlace,
}: {
  petId: number;
  petName: string;
  placements: PlacementRow[];
  fosters: { id: number; name: string }[];
  canPlace: boolean;
}) {
  const open = placements.find((placement) => placement.endedAt === null);
  const returnTo = `/petadmin/edit?pet_id=${petId}&tab=description`;
  const done = placementDoneMessage(useSearchParams()[0].get("done"));
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const date = (instant: string) => staffDateIn(locale, instant);
  return (
    <section aria-labelledby="foster-placements-title" className="panel">
      <h2 id="foster-placements-title">
        <Trans>Foster placements</Trans>
      </h2>
      {done ? (
        <p className="notice notice--success" role="status">
          {i18n._(done)}
        </p>
      ) : null}
      {placements.length === 0 ? (
        <p>
          <Trans>{petName} has not been in a foster home.</Trans>
        </p>
      ) : (
        <ol className="history">
          {placements.map(({ id, fosterName, startedAt, endedAt, listed }) => (
            <li key={id}>
              {endedAt ? (
                <Trans>
                  With {fosterName} from <time dateTime={startedAt}>{date(startedAt)}</time> to{" "}
                  <time dateTime={endedAt}>{date(endedAt)}</time>
                </Trans>
              ) : listed ? (
                <Trans>
                  With {fosterName} from <time dateTime={startedAt}>{date(startedAt)}</time> (now; listed for adoption)
                </Trans>
              ) : (
                <Trans>
                  With {fosterName} from <time dateTime={startedAt}>{date(startedAt)}</time> (now; not listed)
                </Trans>
              )}
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <Form method="post" action={href("/petadmin/fosters")}>
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="placementId" value={open.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="button button--small">
            <Trans>End the placement with {open.fosterName}</Trans>
          </button>
        </Form>
      ) : canPlace && fosters.length > 0 ? (
        <Form
          method="post"
          action={href("/petadmin/fosters")}
          aria-label={t`Place ${petName} with a foster`}
          className="stack placement-form"
        >
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="petId" value={petId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <PlacementFields fosters={fosters} idPrefix="pet-place" />
          <button type="submit" className="button button--small">
            <Trans>Place {petName}</Trans>
          </button>
        </Form>
      ) : canPlace ? (
        <p>
          <Trans>No approved foster to place {petName} with yet.</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** The foster to place with, and whether the pet stays listed for adoption meanwhile. */
export function PlacementFields({ fosters, idPrefix }: { fosters: { id: number; name: string }[]; idPrefix: string }) {
  const { t } = useLingui();
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-foster`}>
          <Trans>Foster</Trans>
        </label>
        <select id={`${idPrefix}-foster`} name="fosterId" required defaultValue="">
          <option value="" disabled>
            {t`Choose a foster`}
          </option>
          {fosters.map((foster) => (
            <option key={foster.id} value={foster.id}>
              {foster.name}
            </option>
          ))}
        </select>
      </div>
      {/* Radios as every other set of choices (`.choices`, `.check`): `fieldset.field` stretched them full width (issue 40). */}
      <fieldset className="choices">
        <legend>
          <Trans>While placed</Trans>
        </legend>
        <label className="check">
          <input type="radio" name="listing" value="listed" defaultChecked required />{" "}
          <span>{t`Stays listed for adoption, as “In a foster home”`}</span>
        </label>
        <label className="check">
          <input type="radio" name="listing" value="unlisted" /> <span>{t`Not listed for adoption`}</span>
        </label>
      </fieldset>
    </>
  );
}
