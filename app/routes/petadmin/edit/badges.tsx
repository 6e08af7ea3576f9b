import { Trans } from "@lingui/react/macro";

/** A pet's state beside its name, in the list and on its page. */
export function Badges({
  onHold,
  adopted,
  until,
  draft,
}: {
  onHold: boolean;
  adopted: boolean;
  until?: string | null;
  draft: boolean;
}) {
  return (
    <>
      {draft ? (
        <span className="badge badge--draft">
          <Trans>Draft</Trans>
        </span>
      ) : null}
      {onHold ? (
        <span className="badge badge--hold">
          {until ? <Trans>On hold until {until}</Trans> : <Trans>On hold</Trans>}
        </span>
      ) : null}
      {adopted ? (
        <span className="badge badge--adopted">
          <Trans>Newly adopted</Trans>
        </span>
      ) : null}
    </>
  );
}
