import { Trans } from "@lingui/react/macro";
import { Form, Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";

/**
 * "Email me when new pets match": a real form (works without JavaScript) that turns the daily
 * new-pet alert on or off and comes back to `redirectTo`. Alerts go only to a confirmed address
 * (decision 041): until then the panel says so instead of offering to turn them on.
 */
export function NewPetAlertsForm({
  on,
  redirectTo,
  confirmed,
}: {
  on: boolean;
  redirectTo: string;
  confirmed: boolean;
}) {
  const href = useLocalePath();
  if (!on && !confirmed) {
    return (
      <section className="panel stack" aria-labelledby="alerts-title">
        <h2 id="alerts-title">
          <Trans>New-pet alerts</Trans>
        </h2>
        <p>
          <Trans>
            We email alerts only to a confirmed address. <Link to={href("/confirm-email")}>Confirm your email</Link>{" "}
            first, then turn them on here.
          </Trans>
        </p>
      </section>
    );
  }
  return (
    <Form method="post" action="/alerts/new-pets" className="panel stack" aria-labelledby="alerts-title">
      <h2 id="alerts-title">
        <Trans>New-pet alerts</Trans>
      </h2>
      <p id="alerts-state">
        {on ? (
          <Trans>On: once a day at most, we email you the pets new to our list that match your answers.</Trans>
        ) : (
          <Trans>Off: email me when new pets match my answers (once a day at most; one click to stop).</Trans>
        )}
      </p>
      <input type="hidden" name="alerts" value={on ? "off" : "on"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="button button--small" aria-describedby="alerts-state">
        {on ? <Trans>Stop new-pet alerts</Trans> : <Trans>Email me when new pets match</Trans>}
      </button>
    </Form>
  );
}

/** For pages that load it only when shown (components/lazy-view.tsx). */
export default NewPetAlertsForm;
