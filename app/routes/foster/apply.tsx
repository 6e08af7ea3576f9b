import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { FosterFields } from "#app/components/foster-form";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { useServerForm } from "#app/components/ui/use-server-form";
import { shelter } from "#app/config/shelter";
import { prefillAnswers } from "#app/lib/applications/application-questions";
import { fosterQuestions, fosterStatusLabels, storedFosterAnswers, type FosterAnswers } from "#app/lib/foster/foster";
import { fosterStatusMessage, newFosterNotice } from "#app/lib/foster/foster-emails";
import { fosterDraftSchema, fosterSchema } from "#app/lib/foster/foster-schema";
import { formErrorsOf } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { findFosterApplication, saveFosterDraft, submitFosterApplication } from "#app/models/foster.server";
import { getPet, getPublishedPet } from "#app/models/pets.server";
import { requireUser } from "#app/services/auth.server";
import { readMatchState } from "#app/services/match-answers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf, inboxI18n } from "#app/locales/catalogs.server";

export const meta = routeMeta;

/**
 * Signed-in, confirmed accounts that are not staff (decision 053); `?pet_id=` names the pet the
 * visitor asked about on /foster, which staff see with the application. One application per account.
 */
async function load(context: AppLoadContext, request: Request) {
  const viewer = await requireUser(context, request);
  const raw = new URL(request.url).searchParams.get("pet_id") ?? "";
  const petId = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  // Only staff know a draft by its id (issue 39): to anyone else it does not exist.
  const pet = petId ? await (viewer.role ? getPet : getPublishedPet)(context.db, petId) : undefined;
  if (petId && !pet) throw new Response("Pet not found", { status: 404 });
  const refusal = viewer.role ? ("staff" as const) : !viewer.emailConfirmed ? ("unconfirmed" as const) : null;
  return {
    viewer,
    pet: pet ? { id: pet.id, name: pet.name } : null,
    refusal,
    existing: await findFosterApplication(context.db, viewer.id),
  };
}

/** Prefill from the profile's name and the questionnaire's household, on the foster form's own questions. */
function prefill(
  viewer: { firstName: string; lastName: string },
  questionnaire: Parameters<typeof prefillAnswers>[1],
): FosterAnswers {
  const answers = prefillAnswers(viewer, questionnaire);
  const names = new Set(fosterQuestions.map((question) => question.name));
  return Object.fromEntries(Object.entries(answers).filter(([name]) => names.has(name)));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, pet, refusal, existing } = await load(context, request);
  const draft = existing?.status === "draft";
  const i18n = i18nOf(request);
  const petName = pet?.name ?? "";
  const name = shelter.name;
  const meta = {
    title: pet ? i18n._(msg`Apply to foster ${petName}`) : i18n._(msg`Apply to foster`),
    description: i18n._(msg`The foster application of the ${name}.`),
  };
  return {
    meta,
    pet,
    email: viewer.email,
    refusal,
    sent: existing && !draft ? { status: i18n._(fosterStatusLabels[existing.status]) } : null,
    hasDraft: draft,
    saved: new URL(request.url).searchParams.get("saved") === "draft",
    defaults: draft ? existing.answers : prefill(viewer, (await readMatchState(context, request)).answers),
    constraint: getZodConstraint(fosterSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer, pet, refusal, existing } = await load(context, request);
  if (refusal) throw new Response("Forbidden", { status: 403 });
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const locale = localeOf(request);
  const here = localizedPath(`/foster/apply${pet ? `?pet_id=${pet.id}` : ""}`, locale);
  const applications = localizedPath("/applications", locale);
  const refuse = (reply: SubmissionResult<string[]>, status: number) => data({ result: reply }, { status });
  if (existing && existing.status !== "draft") return redirect(applications);

  if (intent === "draft") {
    const submission = parseWithZod(formData, { schema: fosterDraftSchema });
    if (submission.status !== "success") return refuse(submission.reply(), 400);
    return tryWrite(
      async () => {
        if (
          (await saveFosterDraft(context.db, viewer.id, pet?.id ?? null, storedFosterAnswers(submission.value))) ===
          "sent"
        )
          return redirect(applications);
        return redirect(`${here}${pet ? "&" : "?"}saved=draft`);
      },
      (message) => refuse(submission.reply({ formErrors: [message] }), 503),
    );
  }
  if (intent !== "submit") throw new Response("Unknown action", { status: 400 });
  const submission = parseWithZod(formData, { schema: fosterSchema });
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const answers = storedFosterAnswers(submission.value);
  return tryWrite(
    async () => {
      const outcome = await submitFosterApplication(context.db, viewer.id, pet?.id ?? null, answers);
      if (outcome === "sent") return redirect(applications);
      const origin = new URL(request.url).origin;
      // The form's own confirmation: in the page's language (decision 057).
      const received = fosterStatusMessage(
        viewer.email,
        viewer.firstName,
        "applied",
        `${origin}${applications}`,
        i18nOf(request),
      );
      if (received) sendAfterResponse(context, received);
      sendAfterResponse(
        context,
        newFosterNotice(
          { name: answers.fullName ?? viewer.email, email: viewer.email },
          pet?.name ?? null,
          `${origin}/petadmin/inbox/foster/${outcome.id}`,
          inboxI18n(),
        ),
      );
      return redirect(`${applications}?sent=foster`);
    },
    (message) => refuse(submission.reply({ formErrors: [message] }), 503),
  );
}

const loadFosterCheck = () => import("#app/lib/forms/validators/foster").then((checks) => checks.foster);

export default function FosterApply() {
  const { pet, email, refusal, sent, hasDraft, saved, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form, submitFailed } = useServerForm(
    "foster",
    { constraint, lastResult: actionData?.result },
    loadFosterCheck,
  );
  const pending = usePosting("submit");
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const summaryLabels = [
    ...fosterQuestions.map((question) => ({ name: question.name, label: i18n._(question.label) })),
    { name: "canTake", label: t`Which animals you could take` },
    { name: "agree", label: t`The promise that your answers are true` },
  ];
  const petName = pet?.name ?? "";
  const status = sent?.status ?? "";
  return (
    <div className="container application-page">
      <p>
        <Link to={href("/foster")} className="back-link">
          <span aria-hidden="true">‹ </span>
          <Trans>Back to Foster</Trans>
        </Link>
      </p>
      <h1>{pet ? t`Apply to foster ${petName}` : t`Apply to foster`}</h1>
      {sent ? (
        <p className="notice notice--info" role="status">
          <Trans>
            You have already applied to foster (status: {status}). See it under{" "}
            <Link to={href("/applications")}>My applications</Link>.
          </Trans>
        </p>
      ) : refusal === "staff" ? (
        <p className="notice notice--info" role="status">
          <Trans>Staff accounts do not apply to foster. Fosters apply from their own accounts.</Trans>
        </p>
      ) : refusal === "unconfirmed" ? (
        <p className="notice notice--info" role="status">
          <Trans>
            Please confirm your email address first: we write to you about your application.{" "}
            <Link to={href("/confirm-email")}>Confirm your email</Link>
          </Trans>
        </p>
      ) : (
        <>
          {saved ? (
            <p className="notice notice--success" role="status">
              <Trans>Your draft is saved. Come back to this page any time to finish it.</Trans>
            </p>
          ) : null}
          <p>
            <Trans>Foster homes give our animals a quiet place to grow, heal or wait for their family.</Trans>
            {pet ? " " + t`We will tell our foster coordinator you asked about ${petName}.` : ""}{" "}
            <Trans>
              We write to you at <strong>{email}</strong>.
            </Trans>{" "}
            {hasDraft && !saved ? t`This is your saved draft.` : null}
          </p>
          <Form method="post" id={form.id} ref={ref} className="stack application-form">
            <ErrorSummary form={form} labels={summaryLabels} shown={submitFailed} />
            <FormAlert messages={formErrorsOf(form)} />
            <FosterFields form={form} defaults={actionData ? {} : defaults} />
            <div className="button-row">
              <SubmitButton
                name="intent"
                value="submit"
                className="button button--primary"
                pending={pending}
                pendingLabel={t`Sending…`}
              >
                <Trans>Send application</Trans>
              </SubmitButton>
              <button type="submit" name="intent" value="draft" className="button" formNoValidate>
                <Trans>Save draft</Trans>
              </button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
