import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { isUnsubscribeToken } from "#app/lib/alert-tokens";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { setNewPetAlerts } from "#app/models/new-pet-alerts.server";

export const meta: MetaFunction = () => pageMeta("Stop new-pet alerts", "Stop the e-mails about new pets that match your answers.");

/** The user an unsubscribe link names, when its signed token is right; null for anything else. */
async function linkedUser(secret: string | null, user: unknown, token: unknown): Promise<number | null> {
  if (!secret || typeof user !== "string" || typeof token !== "string" || !/^\d{1,9}$/.test(user) || token.length > 100) return null;
  return (await isUnsubscribeToken(Number(user), token, secret)) ? Number(user) : null;
}

/**
 * The page an alert's unsubscribe link opens, without signing in. Opening it changes nothing (mail
 * scanners open links); its one button, or the mail program's one-click POST (RFC 8058, sent to the
 * same address), unsubscribes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has("done")) return { state: "done" as const, user: "", token: "" };
  const user = params.get("user");
  const token = params.get("token");
  const valid = (await linkedUser(context.config.alertTokenSecret, user, token)) !== null;
  return valid ? { state: "confirm" as const, user: user!, token: token! } : { state: "invalid" as const, user: "", token: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const params = new URL(request.url).searchParams;
  const userId = await linkedUser(
    context.config.alertTokenSecret,
    formData.get("user") ?? params.get("user"),
    formData.get("token") ?? params.get("token"),
  );
  if (userId === null) throw new Response("This unsubscribe link is not valid. Sign in and turn alerts off on your profile.", { status: 400 });
  return tryWrite(
    async () => {
      await setNewPetAlerts(context.db, userId, false);
      return redirect("/alerts/unsubscribe?done");
    },
    (message) => {
      throw new Response(message, { status: 503 });
    },
  );
}

export default function Unsubscribe() {
  const { state, user, token } = useLoaderData<typeof loader>();
  return (
    <div className="container auth-page">
      <h1>New-pet alerts</h1>
      {state === "done" ? (
        <p className="notice notice--success" role="status">
          Done: you will get no more new-pet alerts. You can turn them on again from your profile.
        </p>
      ) : state === "invalid" ? (
        <p className="notice notice--error" role="alert">
          This unsubscribe link is not valid. Sign in and turn alerts off on your profile.
        </p>
      ) : (
        <Form method="post" className="stack">
          <p>Stop the e-mails about new pets that match your answers?</p>
          <input type="hidden" name="user" value={user} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button--primary">Stop new-pet alerts</button>
        </Form>
      )}
    </div>
  );
}
