import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { CheckboxField, Field, FieldGroup } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { shelter } from "#app/config/shelter";
import { serverField, type ServerForm } from "#app/lib/forms/form-constraint";
import { formatDate } from "#app/lib/i18n/dates";
import { formatMoney } from "#app/lib/giving/money";
import { localeOf, localizedPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { giftCentsOf, giftPresetDollars, nameMatches } from "#app/lib/papers/contract";
import { giftAmountInvalid, nameMismatch, paySchema, signSchema } from "#app/lib/papers/papers-schema";
import { paymentMethodName } from "#app/lib/papers/papers-emails";
import { feeSettled } from "#app/lib/papers/paper-kinds";
import { i18nOf } from "#app/locales/catalogs.server";
import { getApplication } from "#app/models/applications.server";
import {
  acceptedNames,
  contractFor,
  contractPath,
  money,
  papersOfApplication,
  papersOpen,
  signContract,
  startFeeCheckout,
} from "#app/services/adoption-papers.server";
import { requireUser } from "#app/services/auth.server";
import { PaymentProviderUnavailable } from "#app/services/payments.server";

export const meta = routeMeta;

const notFound = () => new Response("Not found", { status: 404 });

/**
 * The adopter's own papers (decision 070): their application, signed in with their account; anyone
 * else (staff included) gets a 404, as for an application that does not exist.
 */
async function ownPapers(context: LoaderFunctionArgs["context"], request: Request, idParam: string | undefined) {
  const viewer = await requireUser(context, request);
  const id = readId(idParam);
  const application = id ? await getApplication(context.db, id) : undefined;
  if (!application || application.applicant.id !== viewer.id) throw notFound();
  const papers = await papersOfApplication(context.db, application.application.id);
  if (!papers) throw notFound();
  return { viewer, application, papers };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, application, papers } = await ownPapers(context, request, params.id);
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const petName = application.pet.name;
  const contract = await contractFor(context, application, papers, locale, new Date());
  const query = new URL(request.url).searchParams;
  return {
    meta: {
      title: i18n._(msg`Adoption papers for ${petName}`),
      description: i18n._(msg`Sign the adoption contract for ${petName} and pay the adoption fee.`),
    },
    applicationId: application.application.id,
    petName,
    petId: application.pet.id,
    open: papersOpen(papers, application),
    /** When the scheduled run closed them with the hold (decision 070, amended): the page says so. */
    closedOn: papers.closedAt ? formatDate(papers.closedAt, { locale }) : null,
    emailConfirmed: viewer.emailConfirmed,
    contract: papers.signedAt ? null : contract,
    signed: papers.signedAt
      ? {
          at: formatDate(papers.signedAt, { locale, time: true }),
          onPaper: papers.signingMethod === "paper",
          download: papers.fileKey ? contractPath(papers.id) : null,
        }
      : null,
    fee: {
      cents: papers.feeCents,
      text: money(papers.feeCents, locale),
      waived: papers.feeWaivedReason !== null,
      paid:
        papers.feePaidAt && papers.feePaidMethod && feeSettled(papers)
          ? {
              at: formatDate(papers.feePaidAt, { locale }),
              how: paymentMethodName(i18n, papers.feePaidMethod),
              giftText: papers.giftCents ? money(papers.giftCents, locale) : null,
            }
          : null,
    },
    justPaid: query.get("paid") === "1",
    justSigned: query.get("signed") === "1",
    constraints: { sign: getZodConstraint(signSchema), pay: getZodConstraint(paySchema) },
  };
}

type Intent = "sign" | "pay";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { viewer, application, papers } = await ownPapers(context, request, params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const here = localizedPath(`/applications/${application.application.id}/checkout`, locale);
  const refuse = (which: Intent, message: string, status: number, result?: SubmissionResult<string[]>) =>
    data({ intent: which, message, result }, { status });
  const closedMessage = i18n._(
    msg`These papers are closed: the hold ended or your application moved on. Call us at ${shelter.phone}.`,
  );

  if (intent === "sign") {
    const submission = parseWithZod(formData, { schema: signSchema });
    if (submission.status !== "success") return refuse("sign", "", 400, submission.reply());
    if (papers.signedAt) return redirect(`${here}?signed=1`);
    if (!papersOpen(papers, application)) return refuse("sign", closedMessage, 409, submission.reply());
    if (!viewer.emailConfirmed)
      return refuse(
        "sign",
        i18n._(msg`Confirm your e-mail address first (we sent you a link): the signature records it.`),
        403,
        submission.reply(),
      );
    if (!nameMatches(submission.value.name, acceptedNames(application)))
      return refuse("sign", "", 400, submission.reply({ fieldErrors: { name: [nameMismatch] } }));
    return tryWrite(
      async () => {
        const outcome = await signContract(context, application, papers, {
          signer: signerOf(request, viewer),
          typedName: submission.value.name,
          locale,
        });
        // Signed meanwhile (a double tap, another tab): one signature, and the page shows it.
        if (outcome === "refused") {
          const now = await papersOfApplication(context.db, application.application.id);
          if (now?.signedAt) return redirect(`${here}?signed=1`);
          return refuse("sign", closedMessage, 409, submission.reply());
        }
        return redirect(`${here}?signed=1`);
      },
      (message) => refuse("sign", i18n._(message), 503, submission.reply()),
    );
  }
  if (intent === "pay") {
    const submission = parseWithZod(formData, { schema: paySchema });
    if (submission.status !== "success") return refuse("pay", "", 400, submission.reply());
    if (feeSettled(papers)) return redirect(here);
    if (!papers.signedAt) return refuse("pay", i18n._(msg`Sign the contract first.`), 409, submission.reply());
    if (!papersOpen(papers, application)) return refuse("pay", closedMessage, 409, submission.reply());
    const giftCents = giftCentsOf(submission.value.gift ?? null, submission.value.giftOther ?? null);
    if (giftCents === "invalid")
      return refuse("pay", "", 400, submission.reply({ fieldErrors: { giftOther: [giftAmountInvalid] } }));
    try {
      const started = await startFeeCheckout(context, application, papers, {
        giftCents,
        locale,
        origin: new URL(request.url).origin,
      });
      if (started === "unavailable")
        return refuse(
          "pay",
          i18n._(msg`Paying online is not available just now. Nothing was charged: pay at pick-up instead.`),
          503,
          submission.reply(),
        );
      return redirect(started.url, 303);
    } catch (error) {
      if (error instanceof PaymentProviderUnavailable)
        return refuse(
          "pay",
          i18n._(msg`The payment provider did not answer. Nothing was charged: try again, or pay at pick-up.`),
          503,
          submission.reply(),
        );
      throw error;
    }
  }
  throw new Response("Unknown action", { status: 400 });
}

function signerOf(request: Request, viewer: { id: number; email: string }) {
  return {
    id: viewer.id,
    email: viewer.email,
    ip: request.headers.get("CF-Connecting-IP")?.slice(0, 64) ?? null,
    userAgent: request.headers.get("User-Agent")?.slice(0, 400) ?? null,
  };
}

export default function ApplicationCheckout() {
  const { applicationId, petName, open, closedOn, emailConfirmed, contract, signed, fee, justPaid, constraints } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const href = useLocalePath();
  const locale = useLocale();
  const signForm: ServerForm = {
    id: "sign",
    constraint: constraints.sign,
    lastResult: actionData?.intent === "sign" ? actionData.result : undefined,
  };
  const payForm: ServerForm = {
    id: "pay",
    constraint: constraints.pay,
    lastResult: actionData?.intent === "pay" ? actionData.result : undefined,
  };
  const amount = fee.text;
  const giftChoice = payForm.lastResult?.initialValue?.gift;
  return (
    <div className="container checkout-page">
      <p>
        <Link to={href(`/applications#application-${applicationId}`)}>
          <Trans>My applications</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Adoption papers for {petName}</Trans>
      </h1>
      <FormAlert messages={actionData?.message ? [actionData.message] : []} />
      {justPaid ? (
        fee.paid ? (
          <p className="notice notice--success" role="status">
            <Trans>Thank you: your payment is received. We e-mailed you the receipt.</Trans>
          </p>
        ) : (
          <p className="notice notice--info" role="status">
            <Trans>
              We are waiting for the payment provider to confirm your payment. Reload this page in a minute.
            </Trans>
          </p>
        )
      ) : null}
      {!open && !(signed && (fee.paid || fee.cents === 0)) ? (
        <p className="notice notice--info">
          {closedOn ? (
            <Trans>
              These papers closed on {closedOn}, when the hold on {petName} ended. Call us at {shelter.phone}.
            </Trans>
          ) : (
            <Trans>These papers are closed: the hold on {petName} ended or your application moved on.</Trans>
          )}
        </p>
      ) : null}

      <section aria-labelledby="contract-title" className="panel">
        <h2 id="contract-title">
          <Trans>1. The adoption contract</Trans>
        </h2>
        {signed ? (
          <>
            <p className="notice notice--success">
              {signed.onPaper ? (
                <Trans>Contract signed on paper, {signed.at}.</Trans>
              ) : (
                <Trans>Contract signed, {signed.at}.</Trans>
              )}
            </p>
            {signed.download ? (
              <p>
                <a href={signed.download} download>
                  <Trans>Download the signed contract (PDF)</Trans>
                </a>
              </p>
            ) : null}
          </>
        ) : contract ? (
          <>
            <h3>{contract.title}</h3>
            <div className="contract-text">
              {contract.text.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
            {open ? (
              <Form method="post" className="stack" id={signForm.id}>
                <h3>{contract.consentTitle}</h3>
                <ul>
                  {contract.consent.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
                {!emailConfirmed ? (
                  <p className="notice notice--info">
                    <Trans>Confirm your e-mail address first (we sent you a link): the signature records it.</Trans>
                  </p>
                ) : null}
                <CheckboxField label={t`I agree to sign electronically`} field={serverField(signForm, "consent")} />
                <Field
                  label={t`Type your full name to sign`}
                  field={serverField(signForm, "name")}
                  autoComplete="name"
                />
                <button type="submit" name="intent" value="sign" className="button button--primary">
                  <Trans>Sign the adoption contract</Trans>
                </button>
              </Form>
            ) : null}
          </>
        ) : null}
      </section>

      <section aria-labelledby="fee-title" className="panel">
        <h2 id="fee-title">
          <Trans>2. The adoption fee</Trans>
        </h2>
        {fee.cents === 0 ? (
          <p>
            {fee.waived ? (
              <Trans>The adoption fee is waived: there is nothing to pay.</Trans>
            ) : (
              <Trans>There is no fee to pay.</Trans>
            )}
          </p>
        ) : fee.paid ? (
          <p className="notice notice--success">
            <Trans>
              Fee of {amount} paid ({fee.paid.how}), {fee.paid.at}.
            </Trans>
            {fee.paid.giftText ? (
              <>
                {" "}
                <Trans>Thank you for your gift of {fee.paid.giftText}.</Trans>
              </>
            ) : null}
          </p>
        ) : !signed ? (
          <p>
            <Trans>The fee is {amount}. Sign the contract first; then pay here, or at pick-up.</Trans>
          </p>
        ) : open ? (
          <Form method="post" className="stack" id={payForm.id}>
            <FieldGroup
              legend={t`Add a gift to the shelter (optional, tax-deductible)`}
              field={serverField(payForm, "gift")}
              className="choices"
            >
              {[
                { value: "none", label: t`No gift` },
                ...giftPresetDollars.map((dollars) => ({
                  value: String(dollars),
                  label: formatMoney(dollars * 100, shelter.giving.currency, locale),
                })),
                { value: "other", label: t`Another amount` },
              ].map((choice) => (
                <label key={choice.value} className="check">
                  <input
                    type="radio"
                    name="gift"
                    value={choice.value}
                    defaultChecked={(giftChoice ?? "none") === choice.value}
                  />
                  <span>{choice.label}</span>
                </label>
              ))}
            </FieldGroup>
            <Field
              label={t`Another amount (whole dollars)`}
              field={serverField(payForm, "giftOther")}
              inputMode="numeric"
              pattern="[0-9]*"
            />
            <button type="submit" name="intent" value="pay" className="button button--primary">
              <Trans>Pay {amount} now</Trans>
            </button>
            <p>
              <Trans>
                Or pay at pick-up: bring cash, a check or a card when you come for {petName}; we give you a receipt at
                the desk.
              </Trans>
            </p>
          </Form>
        ) : (
          <p>
            <Trans>The fee is {amount}.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}
