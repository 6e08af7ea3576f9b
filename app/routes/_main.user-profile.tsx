import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "#app/lib/meta";
import { requireUser } from "#app/services/auth.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Your account", `The details of your ${shelter.name} account.`);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  return { email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName, hasGoogle: viewer.hasGoogle };
}

/** Read-only (spec §2, Profile). */
export default function UserProfile() {
  const { email, firstName, lastName, hasGoogle } = useLoaderData<typeof loader>();
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
    </div>
  );
}
