import { Form } from "@remix-run/react";
import { shelterPages } from "#app/config/shelter-pages";

/**
 * The amount buttons are radio buttons of a GET form to /donate, so choosing and continuing works
 * without JavaScript and the chosen amount travels in the URL.
 */
export function DonationPanel({ selected }: { selected?: number | "custom" }) {
  const initial = selected ?? 50;
  return (
    <Form method="get" action="/donate" className="donation-panel">
      <fieldset>
        <legend>Choose an amount</legend>
        <div className="amount-options">
          {shelterPages.donationPresets.map((amount) => (
            <label key={amount} className="amount-option">
              <input type="radio" name="amount" value={amount} defaultChecked={initial === amount} />
              <span>${amount}</span>
            </label>
          ))}
          <label className="amount-option">
            <input type="radio" name="amount" value="custom" defaultChecked={initial === "custom"} />
            <span>Custom</span>
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="custom-amount">Custom amount in dollars (if you chose Custom)</label>
        <input id="custom-amount" name="custom" type="number" min={1} max={100000} step={1} inputMode="numeric" />
      </div>
      <button type="submit" className="button button--accent">
        Donate Securely
      </button>
    </Form>
  );
}
