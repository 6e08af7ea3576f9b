import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { ApplicationFields } from "#app/components/application-form";
import { FormAlert } from "#app/components/ui/form-alert";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { PetPhoto } from "#app/components/pet-photo";
import { placeholderPhoto, photoUrl } from "#app/lib/photos/photos";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import type { Pet } from "#app/db/schema";
import { newApplicationNotice, applicationStatusMessage } from "#app/lib/applications/application-emails";
import {
  applicationQuestions,
  applicationSections,
  carryOverAnswers,
  prefillAnswers,
  prefilledQuestions,
  storedAnswers,
} from "#app/lib/applications/application-questions";
import { applicationDraftSchema, applicationSchema } from "#app/lib/applications/application-schema";
import { formErrorsOf } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData, readId } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { findActiveApplication, lastSentAnswers, saveDraft, submitApplication } from "#app/models/applications.server";
import { getPublishedPet } from "#app/models/pets.server";
import { isPlacedUnlisted } from "#app/models/foster-placements.server";
import { requireUser } from "#app/services/auth.server";
import { readMatchState } from "#app/services/match-answers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import type { Viewer } from "#app/services/session.server";
import { shelter } from "#app/config/shelter";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf, inboxI18n } from "#app/locales/catalogs.server";

export const meta = routeMeta;

/** Why this person cannot apply for this pet now, or null when they can. */
function refusalOf(
  viewer: Viewer,
  pet: Pet,
  placedUnlisted: boolean,
): "staff" | "unconfirmed" | "adopted" | "gone" | "on-hold" | "fostered" | null {
  if (viewer.role) return "staff";
  if (!viewer.emailConfirmed) return "unconfirmed";
  if (pet.adoptedEmail) return "adopted";
  // Left the shelter by another outcome (decision 064): no longer here, the cause untold.
  if (pet.leftAt) return "gone";
  if (pet.onHoldEmail) return "on-hold";
  // Placed with a foster "not listed" (decision 053): not up for adoption while it is there.
  if (placedUnlisted) return "fostered";
  return null;
}

/** Signed-in, confirmed adopters only (visitors sign in and come back here); staff do not apply. */
async function load(context: AppLoadContext, request: Request) {
  const url = new URL(request.url);
  const petId = readId(url.searchParams.get("pet_id"));
  const viewer = await requireUser(context, request);
  // A draft is not offered to adopters (decision 052): to them it does not exist (issue 39).
  const pet = petId ? await getPublishedPet(context.db, petId) : undefined;
  if (!pet) throw new Response("Pet not found", { status: 404 });
  return {
    viewer,
    pet,
    refusal: refusalOf(viewer, pet, await isPlacedUnlisted(context.db, pet.id)),
    existing: await findActiveApplication(context.db, viewer.id, pet.id),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, pet, refusal, existing } = await load(context, request);
  const saved = new URL(request.url).searchParams.get("saved") === "draft";
  const i18n = i18nOf(request);
  const petName = pet.name;
  const shelterName = shelter.name;
  const meta = {
    title: i18n._(msg`Apply to adopt ${petName}`),
    description: i18n._(msg`The adoption application of the ${shelterName}.`),
  };
  // A second application starts from the adopter's last one (issue 40), the rest from the profile and questionnaire.
  const last = existing?.status === "draft" ? undefined : await lastSentAnswers(context.db, viewer.id);
  const defaults =
    existing?.status === "draft"
      ? existing.answers
      : {
          ...prefillAnswers(viewer, (await readMatchState(context, request)).answers),
          ...(last ? carryOverAnswers(last) : {}),
        };
  return {
    meta,
    pet: { id: pet.id, name: pet.name, photo: pet.images[0] ? photoUrl(pet.images[0]) : null },
    email: viewer.email,
    fromLastApplication: Boolean(last),
    prefilled: existing?.status === "draft" || last ? [] : prefilledQuestions(defaults),
    refusal,
    sent: existing && existing.status !== "draft" ? { status: existing.status } : null,
    hasDraft: existing?.status === "draft",
    saved,
    defaults,
    constraint: getZodConstraint(applicationSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer, pet, refusal, existing } = await load(context, request);
  if (refusal === "staff" || refusal === "unconfirmed") throw new Response("Forbidden", { status: 403 });
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  const here = localizedPath(`/adopt/apply?pet_id=${pet.id}`, locale);
  const applications = localizedPath("/applications", locale);
  const refuse = (reply: SubmissionResult<string[]>, status: number) => data({ result: reply }, { status });

  if (intent === "draft") {
    const submission = parseWithZod(formData, { schema: applicationDraftSchema });
    if (submission.status !== "success") return refuse(submission.reply(), 400);
    return tryWrite(
      async () => {
        const outcome = await saveDraft(context.db, viewer.id, pet.id, storedAnswers(submission.value));
        if (outcome === "exists") return redirect(here);
        return redirect(`${here}&saved=draft`);
      },
      (message) => refuse(submission.reply({ formErrors: [message] }), 503),
    );
  }

  if (intent !== "submit") throw new Response("Unknown action", { status: 400 });
  const submission = parseWithZod(formData, { schema: applicationSchema });
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  if (refusal) {
    const name = pet.name;
    const why =
      refusal === "adopted"
        ? i18n._(msg`${name} has been adopted, so we cannot take applications. Your answers are below.`)
        : refusal === "gone"
          ? i18n._(msg`${name} is no longer at the shelter, so we cannot take applications. Your answers are below.`)
          : refusal === "fostered"
            ? i18n._(
                msg`${name} is in a foster home and not up for adoption just now, so we cannot take applications. Your answers are below.`,
              )
            : i18n._(
                msg`${name} is now on hold for another adopter, so we cannot take applications. Your answers are below.`,
              );
    return refuse(submission.reply({ formErrors: [why] }), 409);
  }
  if (existing && existing.status !== "draft") return redirect(applications);
  const answers = storedAnswers(submission.value);
  return tryWrite(
    async () => {
      const outcome = await submitApplication(context.db, viewer.id, pet.id, answers);
      if (outcome === "exists") return redirect(applications);
      const origin = new URL(request.url).origin;
      // The form's own confirmation is in the page's language (decision 057).
      sendAfterResponse(
        context,
        applicationStatusMessage(
          viewer.email,
          viewer.firstName,
          pet.name,
          "submitted",
          `${origin}${applications}`,
          i18n,
        ),
      );
      sendAfterResponse(
        context,
        newApplicationNotice(
          { name: answers.fullName ?? viewer.email, email: viewer.email },
          pet.name,
          answers,
          `${origin}/petadmin/inbox/application/${outcome.id}`,
          inboxI18n(),
        ),
      );
      return redirect(`${applications}?sent=${outcome.id}`);
    },
    (message) => refuse(submission.reply({ formErrors: [message] }), 503),
  );
}

/** "your name, your home and who lives with you" / "tu nombre, tu vivienda y quién vive contigo". */
function listed(labels: string[], and: (items: string, last: string) => string) {
  return labels.length < 2 ? labels.join("") : and(labels.slice(0, -1).join(", "), labels.at(-1)!);
}

/**
 * What a pre-filled answer is, said inside a sentence ("We filled in your name and your home…"): the
 * questions themselves ("Do you own or rent it?") read badly in a list, in Spanish the worst (issue 40).
 */
const filledWords: Record<string, MessageDescriptor> = {
  fullName: msg`your name`,
  phone: msg`your phone number`,
  address: msg`your address`,
  home: msg`your home`,
  household: msg`who lives with you`,
  pets: msg`your other pets`,
  "daily-life": msg`the pet's daily life`,
  experience: msg`your experience and vet`,
  why: msg`why this pet`,
};

/** The pre-filled questions (their labels) as the few things they are, each said once, in form order. */
function filledThings(labels: readonly string[]): MessageDescriptor[] {
  const things = applicationSections.flatMap((section) =>
    section.questions
      .filter((question) => labels.includes(question.label))
      .map((question) => filledWords[section.id === "contact" ? question.name : section.id]),
  );
  return [...new Set(things.filter((thing): thing is MessageDescriptor => thing !== undefined))];
}

const loadApplicationCheck = () => import("#app/lib/forms/validators/application").then((checks) => checks.application);

export default function Apply() {
  const { pet, email, prefilled, fromLastApplication, refusal, sent, hasDraft, saved, defaults, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form, submitFailed } = useServerForm(
    "application",
    { constraint, lastResult: actionData?.result },
    loadApplicationCheck,
  );
  const pending = usePosting("submit");
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const petName = pet.name;
  // The summary names each field as the form labels it; the promise checkbox last.
  const summaryLabels = [
    ...applicationQuestions.map((question) => ({ name: question.name, label: i18n._(question.label) })),
    { name: "agree", label: t`The promise that your answers are true` },
  ];
  const filledIn = listed(
    filledThings(prefilled).map((thing) => i18n._(thing)),
    (items, last) => t`${items} and ${last}`,
  );
  return (
    <div className="container application-page">
      <p>
        <Link to={href(`/adopt/pet?pet_id=${pet.id}`)} className="back-link">
          <span aria-hidden="true">‹ </span>
          <Trans>Back to {petName}</Trans>
        </Link>
      </p>
      <div className="application-page__pet">
        <PetPhoto
          src={pet.photo ?? placeholderPhoto.src}
          sizes="120px"
          width={120}
          height={90}
          alt=""
          className="application-page__photo"
        />
        <h1>
          <Trans>Apply to adopt {petName}</Trans>
        </h1>
      </div>
      {sent ? (
        <p className="notice notice--info" role="status">
          <Trans>
            You have already applied to adopt {petName}. See its status under{" "}
            <Link to={href("/applications")}>My applications</Link>.
          </Trans>
        </p>
      ) : refusal === "staff" ? (
        <p className="notice notice--info" role="status">
          <Trans>Staff accounts do not apply for adoption. Adopters apply from their own accounts.</Trans>
        </p>
      ) : refusal === "unconfirmed" ? (
        <p className="notice notice--info" role="status">
          <Trans>Please confirm your email address first: we write to you about your application.</Trans>{" "}
          <Link to={href("/confirm-email")}>
            <Trans>Confirm your email</Trans>
          </Link>
        </p>
      ) : refusal ? (
        <p className="notice notice--info" role="status">
          {refusal === "adopted" ? (
            <Trans>{petName} has found a home, so we no longer take applications for this pet.</Trans>
          ) : refusal === "gone" ? (
            <Trans>{petName} is no longer at the shelter, so we no longer take applications for this pet.</Trans>
          ) : refusal === "on-hold" ? (
            <Trans>
              {petName} is on hold for an adopter right now, so we cannot take new applications. Please check back soon.
            </Trans>
          ) : (
            <Trans>
              {petName} is in a foster home and not up for adoption just now, so we cannot take applications. Please
              check back soon.
            </Trans>
          )}{" "}
          <Link to={href("/adopt")}>
            <Trans>Meet our other pets</Trans>
          </Link>
          .
        </p>
      ) : (
        <>
          {saved ? (
            <p className="notice notice--success" role="status">
              <Trans>Your draft is saved. Come back to this page any time to finish it.</Trans>
            </p>
          ) : null}
          <p>
            <Trans>Tell us about you and your home.</Trans>{" "}
            {filledIn ? (
              <Trans>
                We filled in {filledIn} from your profile and your answers to the matching questions: check that it is
                all right.
              </Trans>
            ) : null}
            {fromLastApplication ? (
              <Trans>We filled in your answers from your last application; check them.</Trans>
            ) : null}
            {filledIn || fromLastApplication ? " " : null}
            <Trans>
              We write to you at <strong>{email}</strong>.
            </Trans>{" "}
            {hasDraft && !saved ? <Trans>This is your saved draft.</Trans> : null}
          </p>
          <Form method="post" id={form.id} ref={ref} className="stack application-form">
            <ErrorSummary form={form} labels={summaryLabels} shown={submitFailed} />
            <FormAlert messages={formErrorsOf(form)} />
            <ApplicationFields form={form} defaults={actionData ? {} : defaults} />
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
