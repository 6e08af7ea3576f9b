import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { readFormData } from "#app/lib/http/request";
import { safeRedirect } from "#app/lib/http/safe-redirect";
import { tryWrite } from "#app/lib/http/storage-error";
import { readAlertSettings, setNewPetAlerts } from "#app/models/new-pet-alerts.server";
import { requireUser } from "#app/services/auth.server";

export function loader() {
  return redirect("/user-profile");
}

const alertsSchema = z.object({ alerts: z.enum(["on", "off"]), redirectTo: z.string().max(500).optional() });

/**
 * Turns the signed-in adopter's new-pet alerts on or off (decision 031). Alerts need the
 * questionnaire's answers: without them there is nothing to match, and the form is not offered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(context, request);
  const submission = parseWithZod(await readFormData(request), { schema: alertsSchema });
  if (submission.status !== "success") throw new Response("Choose whether to turn alerts on or off.", { status: 400 });
  const on = submission.value.alerts === "on";
  // Alerts go only to a proven address (decision 041): a stranger cannot turn them on for someone else's.
  if (on && !viewer.emailConfirmed) {
    throw new Response("Confirm your email address first: alerts are sent only to a confirmed address.", {
      status: 403,
    });
  }
  if (on && !(await readAlertSettings(context.db, viewer.id)).answered) {
    throw new Response("Answer the matching questionnaire first: alerts send the new pets that match your answers.", {
      status: 400,
    });
  }
  const back = safeRedirect(submission.value.redirectTo, "/user-profile");
  return tryWrite(
    async () => {
      await setNewPetAlerts(context.db, viewer.id, on);
      return redirect(back);
    },
    (message) => {
      throw new Response(message, { status: 503 });
    },
  );
}
