import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NewPetAlertsForm } from "#app/components/new-pet-alerts-form";
import { pageMeta } from "#app/lib/meta";
import { readAlertSettings } from "#app/models/new-pet-alerts.server";
import { requireUser } from "#app/services/auth.server";

export const meta: MetaFunction = () => pageMeta("Your account", "The details of your Sequoia Humane Society account.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const alerts = await readAlertSettings(context.db, viewer.id);
  return { email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName, hasGoogle: viewer.hasGoogle, alerts };
}

/** Read-only (spec §2, Profile), and the new-pet alerts switch once the questionnaire is answered. */
export default function UserProfile() {
  const { email, firstName, lastName, hasGoogle, alerts } = useLoaderData<typeof loader>();
  const fields = [
    { id: "profile-email", label: "Email", value: email },
    { id: "profile-first-name", label: "First name", value: firstName },
    { id: "profile-last-name", label: "Last name", value: lastName },
  ];
  return (
    <div className="container auth-page">
      <h1>Your account</h1>
      {hasGoogle ? <p className="notice notice--info">Your account is linked to a Google account.</p> : null}
      <div className="stack">
        {fields.map((field) => (
          <div key={field.id} className="field">
            <label htmlFor={field.id}>{field.label}</label>
            <input id={field.id} value={field.value} disabled readOnly />
          </div>
        ))}
      </div>
      {alerts.answered || alerts.on ? <NewPetAlertsForm on={alerts.on} redirectTo="/user-profile" /> : null}
    </div>
  );
}
