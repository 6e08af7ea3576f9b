import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { donationPresets } from "#app/config/donation-presets";

/**
 * The amount buttons are radio buttons of a GET form to /donate, so choosing and continuing works
 * without JavaScript and the chosen amount travels in the URL.
 */
export function DonationPanel({ selected }: { selected?: number | "custom" }) {
  const initial = selected ?? 50;
  const href = useLocalePath();
  const { t } = useLingui();
  const customChoice = t`Custom`;
  const customLabel = t`Custom amount in dollars (if you chose Custom)`;
  return (
    <Form method="get" action={href("/donate")} className="donation-panel">
      <fieldset>
        <legend>
          <Trans>Choose an amount</Trans>
        </legend>
        <div className="amount-options">
          {donationPresets.map((amount) => (
            <label key={amount} className="amount-option">
              <input type="radio" name="amount" value={amount} defaultChecked={initial === amount} />
              <span>${amount}</span>
            </label>
          ))}
          <label className="amount-option">
            <input type="radio" name="amount" value="custom" defaultChecked={initial === "custom"} />
            <span>{customChoice}</span>
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="custom-amount">{customLabel}</label>
        <input id="custom-amount" name="custom" type="number" min={1} max={100000} step={1} inputMode="numeric" />
      </div>
      <button type="submit" className="button button--accent">
        <Trans>Donate Securely</Trans>
      </button>
    </Form>
  );
}
