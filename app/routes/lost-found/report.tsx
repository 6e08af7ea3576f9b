import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { LostFoundForm } from "#app/components/lost-found-form";
import { shelter } from "#app/config/shelter";
import { isHoneypotFilled } from "#app/lib/forms/honeypot";
import { minutesIn } from "#app/lib/i18n/intl";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { confirmReportMessage } from "#app/lib/lost-found/emails";
import { localDay } from "#app/lib/lost-found/matching";
import { lostFoundRules, type ReportKind } from "#app/lib/lost-found/report";
import { lostFoundReportSchema } from "#app/lib/lost-found/schema";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress, limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { createLostFoundReport } from "#app/models/lost-found.server";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { i18nOf } from "#app/locales/catalogs.server";
import { sendAfterResponse } from "#app/services/notify.server";
import {
  checkPhotos,
  lostFoundPhotoKey,
  postedFiles,
  removePhotos,
  storePhotos,
} from "#app/services/pet-photos.server";

/** A limited post keeps its Retry-After (decision 017). */
export const headers = retryAfterHeaders;

export const meta = routeMeta;

const kindOf = (value: unknown): ReportKind => (value === "found" ? "found" : "lost");
/** Today in the shelter's time zone: the day a report's date may not pass (a day of slack in the schema). */
const today = () => localDay(new Date(), shelter.openingHours.timeZone);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = kindOf(url.searchParams.get("kind"));
  const i18n = i18nOf(request);
  const meta =
    kind === "lost"
      ? {
          title: i18n._(msg`Report a lost pet`),
          description: i18n._(
            msg`Tell neighbours and the shelter about your lost pet; we match every new report at once.`,
          ),
        }
      : {
          title: i18n._(msg`Report a found pet`),
          description: i18n._(
            msg`Tell the owner and the shelter about a pet you found; we match every new report at once.`,
          ),
        };
  return {
    meta,
    kind,
    today: today(),
    sent: url.searchParams.get("sent") === "yes",
    constraint: getZodConstraint(lostFoundReportSchema(today())),
  };
}

/**
 * A stranger's form (decision 066, as decision 053's): a robot that filled the honeypot is thanked and
 * nothing is kept; people are limited per network address before any photo is read; the report shows
 * once its address is confirmed. Photos go through the staff photo pipeline (upright, no metadata,
 * copies) under their own key prefix, and are removed if the report is not kept.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  const kind = kindOf(formData.get("kind"));
  const thanks = localizedPath(`/lost-found/report?kind=${kind}&sent=yes`, locale);
  if (isHoneypotFilled(formData)) return redirect(thanks);
  const submission = parseWithZod(formData, { schema: lostFoundReportSchema(today()) });
  const files = postedFiles(formData, "photos");
  const refuse = (status: number, photos: string[]) =>
    data({ result: submission.reply({ fieldErrors: { photos } }) }, { status });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const most = lostFoundRules.photosMax;
  if (files.length > most) return refuse(400, [i18n._(msg`Choose at most ${most} photos.`)]);
  const limited = await tryWrite(
    async () => {
      const allowed = await hitRateLimit(
        context.db,
        `lost-found:address:${clientAddress(request)}`,
        limits.lostFoundPerAddress,
      );
      if (allowed.allowed) return null;
      const wait = minutesIn(i18n, allowed.retryAfterSeconds);
      const message = i18n._(
        msg`We have received several reports from your network. Please try again in ${wait}, or call us.`,
      );
      return data({ result: submission.reply({ formErrors: [message] }) }, tooManyRequests(allowed.retryAfterSeconds));
    },
    (message) => data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
  if (limited) return limited;
  const checked = await checkPhotos(files, 0, i18n);
  if (checked.errors.length > 0) return refuse(400, checked.errors);
  let keys: string[] = [];
  try {
    keys = await storePhotos(context.photos, context.images, checked.photos, lostFoundPhotoKey);
  } catch (error) {
    console.error("lost and found photos not stored", error);
    return refuse(503, [i18n._(msg`The photos could not be stored. Nothing was sent: please try again.`)]);
  }
  return tryWrite(
    async () => {
      const report = submission.value;
      const { token } = await createLostFoundReport(context.db, { ...report, language: locale, images: keys });
      const confirmLink = `${new URL(request.url).origin}${localizedPath(`/lost-found/confirm?token=${token}`, locale)}`;
      sendAfterResponse(context, confirmReportMessage(report.email, report.name, confirmLink, i18n));
      return redirect(thanks);
    },
    async (message) => {
      await removePhotos(context.photos, keys);
      return data({ result: submission.reply({ formErrors: [message] }) }, { status: 503 });
    },
  );
}

export default function ReportLostOrFound() {
  const { kind, today: day, sent, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useLocalePath();
  return (
    <div className="container application-page">
      <p>
        <Link to={href("/lost-found")}>
          <Trans>‹ Lost and found pets</Trans>
        </Link>
      </p>
      <h1>{kind === "lost" ? <Trans>Report a lost pet</Trans> : <Trans>Report a found pet</Trans>}</h1>
      {sent ? (
        <div className="notice notice--success" role="status">
          <p>
            <Trans>
              Thank you! Please check your inbox: follow the link in our email to confirm your address, and your report
              goes on the board. We then compare it with every open report at once.
            </Trans>
          </p>
        </div>
      ) : (
        <>
          <p>
            <Trans>
              Your report shows on our lost and found board for 30 days once you confirm your email address. Your name,
              email and phone are never shown: we write to you when a report may match.
            </Trans>
          </p>
          <LostFoundForm key={kind} kind={kind} today={day} constraint={constraint} lastResult={actionData?.result} />
        </>
      )}
    </div>
  );
}
