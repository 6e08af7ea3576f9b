import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { VolunteerForm } from "#app/components/volunteer-form";
import { shelter } from "#app/config/shelter";
import { isHoneypotFilled } from "#app/lib/forms/honeypot";
import { routeMeta } from "#app/lib/i18n/meta";
import { minutesIn } from "#app/lib/i18n/intl";
import { clientAddress, limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { volunteerRoleValues } from "#app/lib/volunteer/volunteer";
import { confirmVolunteerMessage } from "#app/lib/volunteer/volunteer-emails";
import { volunteerSchema } from "#app/lib/volunteer/volunteer-schema";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { createVolunteerApplication } from "#app/models/volunteers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";

/** A limited post keeps its Retry-After (decision 017). */
export const headers = retryAfterHeaders;

export const meta = routeMeta;

/** The role named in the address (`?role=social-media`), when it is one of ours. */
function roleOf(url: URL): string {
  const role = url.searchParams.get("role") ?? "";
  return (volunteerRoleValues as readonly string[]).includes(role) ? role : "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = { title: i18n._(msg`Apply to volunteer`), description: i18n._(msg`Apply to volunteer with ${name}.`) };
  return {
    meta,
    role: roleOf(url),
    sent: url.searchParams.get("sent") === "yes",
    constraint: getZodConstraint(volunteerSchema),
  };
}

/**
 * A stranger's form (decision 053): a robot that filled the honeypot is thanked and nothing is kept;
 * people are limited per network address; the application counts once its address is confirmed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  const thanks = localizedPath("/volunteer/apply?sent=yes", locale);
  if (isHoneypotFilled(formData)) return redirect(thanks);
  const submission = parseWithZod(formData, { schema: volunteerSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return tryWrite(
    async () => {
      const allowed = await hitRateLimit(
        context.db,
        `volunteer:address:${clientAddress(request)}`,
        limits.volunteerPerAddress,
      );
      if (!allowed.allowed) {
        const wait = minutesIn(i18n, allowed.retryAfterSeconds);
        const message = i18n._(
          msg`We have received several applications from your network. Please try again in ${wait}, or call us.`,
        );
        return data(
          { result: submission.reply({ formErrors: [message] }) },
          tooManyRequests(allowed.retryAfterSeconds),
        );
      }
      const application = submission.value;
      // The page's language is the application's: its emails, staff's later ones too, are written in it (decision 057).
      const token = await createVolunteerApplication(context.db, { ...application, language: locale });
      const origin = new URL(request.url).origin;
      const confirmLink = `${origin}${localizedPath(`/volunteer/confirm?token=${token}`, locale)}`;
      sendAfterResponse(
        context,
        confirmVolunteerMessage(application.email, application.name, application.role, confirmLink, i18n),
      );
      return redirect(thanks);
    },
    (message) => data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
}

export default function VolunteerApply() {
  const { role, sent, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useLocalePath();
  const days = shelter.visits.replyBusinessDays;
  return (
    <div className="container application-page">
      <p>
        <Link to={href("/volunteer")}>
          <Trans>‹ Volunteer</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Apply to volunteer</Trans>
      </h1>
      {sent ? (
        <div className="notice notice--success" role="status">
          <p>
            <Trans>
              Thank you! Please check your inbox: follow the link in our email to confirm your address, and your
              application reaches our volunteer coordinator.
            </Trans>
          </p>
          <p>
            <Trans>
              <Link to={href("/adopt")}>Meet our pets</Link> in the meantime.
            </Trans>
          </p>
        </div>
      ) : (
        <>
          <p>
            <Trans>
              Tell us about yourself and when you could help. We confirm your email address first, then our volunteer
              coordinator gets in touch within {days} business days.
            </Trans>
          </p>
          <VolunteerForm role={role} constraint={constraint} lastResult={actionData?.result} />
        </>
      )}
    </div>
  );
}
