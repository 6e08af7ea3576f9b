import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { VolunteerForm } from "#app/components/volunteer-form";
import { shelter } from "#app/config/shelter";
import { isHoneypotFilled } from "#app/lib/honeypot";
import { pageMeta } from "#app/lib/meta";
import { clientAddress, limits, minutesFrom, retryAfterHeaders, tooManyRequests } from "#app/lib/rate-limits";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { volunteerRoleValues } from "#app/lib/volunteer";
import { confirmVolunteerMessage } from "#app/lib/volunteer-emails";
import { volunteerSchema } from "#app/lib/volunteer-schema";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { createVolunteerApplication } from "#app/models/volunteers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { localeOfPath, localizedPath } from "#app/lib/locale";
import { i18nOf } from "#app/locales/catalogs.server";

/** A limited post keeps its Retry-After (decision 017). */
export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => pageMeta("Apply to volunteer", `Apply to volunteer with ${shelter.name}.`);

/** The role named in the address (`?role=social-media`), when it is one of ours. */
function roleOf(url: URL): string {
  const role = url.searchParams.get("role") ?? "";
  return (volunteerRoleValues as readonly string[]).includes(role) ? role : "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { role: roleOf(url), sent: url.searchParams.get("sent") === "yes", constraint: getZodConstraint(volunteerSchema) };
}

/**
 * A stranger's form (decision 053): a robot that filled the honeypot is thanked and nothing is kept;
 * people are limited per network address; the application counts once its address is confirmed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const thanks = "/volunteer/apply?sent=yes";
  if (isHoneypotFilled(formData)) return redirect(thanks);
  const submission = parseWithZod(formData, { schema: volunteerSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return tryWrite(
    async () => {
      const allowed = await hitRateLimit(context.db, `volunteer:address:${clientAddress(request)}`, limits.volunteerPerAddress);
      if (!allowed.allowed) {
        const message = `We have received several applications from your network. Please try again in ${minutesFrom(allowed.retryAfterSeconds)}, or call us.`;
        return data({ result: submission.reply({ formErrors: [message] }) }, tooManyRequests(allowed.retryAfterSeconds));
      }
      const application = submission.value;
      // The page's language is the application's: its emails, staff's later ones too, are written in it (decision 057).
      const locale = localeOfPath(new URL(request.url).pathname);
      const token = await createVolunteerApplication(context.db, { ...application, language: locale });
      const origin = new URL(request.url).origin;
      const confirmLink = `${origin}${localizedPath(`/volunteer/confirm?token=${token}`, locale)}`;
      sendAfterResponse(context, confirmVolunteerMessage(application.email, application.name, application.role, confirmLink, i18nOf(request)));
      return redirect(thanks);
    },
    (message) => data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
}

export default function VolunteerApply() {
  const { role, sent, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container application-page">
      <p>
        <Link to="/volunteer">‹ Volunteer</Link>
      </p>
      <h1>Apply to volunteer</h1>
      {sent ? (
        <div className="notice notice--success" role="status">
          <p>Thank you! Please check your inbox: follow the link in our email to confirm your address, and your application reaches our volunteer coordinator.</p>
          <p>
            <Link to="/adopt">Meet our pets</Link> in the meantime.
          </p>
        </div>
      ) : (
        <>
          <p>Tell us about yourself and when you could help. We confirm your email address first, then our volunteer coordinator gets in touch within {shelter.visits.replyBusinessDays} business days.</p>
          <VolunteerForm role={role} constraint={constraint} lastResult={actionData?.result} />
        </>
      )}
    </div>
  );
}
