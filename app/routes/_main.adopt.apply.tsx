import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApplicationFields } from "#app/components/application-form";
import { FormAlert } from "#app/components/ui/form-alert";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { PetPhoto } from "#app/components/pet-photo";
import { placeholderPhoto, photoUrl } from "#app/lib/photos";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import type { Pet } from "#app/db/schema";
import { newApplicationNotice, applicationStatusMessage } from "#app/lib/application-emails";
import { applicationQuestions, prefillAnswers, prefilledQuestions, storedAnswers } from "#app/lib/application-questions";
import { applicationDraftSchema, applicationSchema } from "#app/lib/application-schema";
import { formErrorsOf } from "#app/lib/form-constraint";
import { pageMeta } from "#app/lib/meta";
import { readFormData, readId } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { findActiveApplication, saveDraft, submitApplication } from "#app/models/applications.server";
import { getPet } from "#app/models/pets.server";
import { isPlacedUnlisted } from "#app/models/foster-placements.server";
import { requireUser } from "#app/services/auth.server";
import { readMatchState } from "#app/services/match-answers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import type { Viewer } from "#app/services/session.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  pageMeta(loaderData ? `Apply to adopt ${loaderData.pet.name}` : "Apply to adopt", `The adoption application of the ${shelter.name}.`);

/** Why this person cannot apply for this pet now, or null when they can. */
function refusalOf(viewer: Viewer, pet: Pet, placedUnlisted: boolean): "staff" | "unconfirmed" | "adopted" | "on-hold" | "fostered" | null {
  if (viewer.role) return "staff";
  if (!viewer.emailConfirmed) return "unconfirmed";
  if (pet.adoptedEmail) return "adopted";
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
  const pet = petId ? await getPet(context.db, petId) : undefined;
  // A draft is not offered to adopters (decision 052).
  if (!pet || pet.publishedAt === null) throw new Response("Pet not found", { status: 404 });
  return { viewer, pet, refusal: refusalOf(viewer, pet, await isPlacedUnlisted(context.db, pet.id)), existing: await findActiveApplication(context.db, viewer.id, pet.id) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, pet, refusal, existing } = await load(context, request);
  const saved = new URL(request.url).searchParams.get("saved") === "draft";
  const defaults =
    existing?.status === "draft"
      ? existing.answers
      : prefillAnswers(viewer, (await readMatchState(context, request)).answers);
  return {
    pet: { id: pet.id, name: pet.name, photo: pet.images[0] ? photoUrl(pet.images[0]) : null },
    email: viewer.email,
    prefilled: existing?.status === "draft" ? [] : prefilledQuestions(defaults),
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
  const here = `/adopt/apply?pet_id=${pet.id}`;
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
    const why =
      refusal === "adopted" ? `${pet.name} has been adopted` : refusal === "fostered" ? `${pet.name} is in a foster home and not up for adoption just now` : `${pet.name} is now on hold for another adopter`;
    return refuse(submission.reply({ formErrors: [`${why}, so we cannot take applications. Your answers are below.`] }), 409);
  }
  if (existing && existing.status !== "draft") return redirect("/applications");
  const answers = storedAnswers(submission.value);
  return tryWrite(
    async () => {
      const outcome = await submitApplication(context.db, viewer.id, pet.id, answers);
      if (outcome === "exists") return redirect("/applications");
      const origin = new URL(request.url).origin;
      sendAfterResponse(context, applicationStatusMessage(viewer.email, viewer.firstName, pet.name, "submitted", `${origin}/applications`));
      sendAfterResponse(
        context,
        newApplicationNotice({ name: answers.fullName ?? viewer.email, email: viewer.email }, pet.name, answers, `${origin}/petadmin/inbox/application/${outcome.id}`),
      );
      return redirect(`/applications?sent=${outcome.id}`);
    },
    (message) => refuse(submission.reply({ formErrors: [message] }), 503),
  );
}

const refusalTexts = {
  staff: "Staff accounts do not apply for adoption. Adopters apply from their own accounts.",
  unconfirmed: "Please confirm your email address first: we write to you about your application.",
  adopted: "has found a home, so we no longer take applications for this pet.",
  "on-hold": "is on hold for an adopter right now, so we cannot take new applications. Please check back soon.",
  fostered: "is in a foster home and not up for adoption just now, so we cannot take applications. Please check back soon.",
} as const;

/** The summary names each field as the form labels it; the promise checkbox last. */
const summaryLabels = [...applicationQuestions, { name: "agree", label: "The promise that your answers are true" }];

/** "name, phone and ZIP code". */
function listed(labels: string[]) {
  return labels.length < 2 ? labels.join("") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

const loadApplicationCheck = () => import("#app/lib/validators/application").then((checks) => checks.application);

export default function Apply() {
  const { pet, email, prefilled, refusal, sent, hasDraft, saved, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form, submitFailed } = useServerForm("application", { constraint, lastResult: actionData?.result }, loadApplicationCheck);
  const pending = usePosting("submit");
  return (
    <div className="container application-page">
      <p>
        <Link to={`/adopt/pet?pet_id=${pet.id}`} className="back-link">
          <span aria-hidden="true">‹ </span>Back to {pet.name}
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
        <h1>Apply to adopt {pet.name}</h1>
      </div>
      {sent ? (
        <p className="notice notice--info" role="status">
          You have already applied to adopt {pet.name}. See its status under <Link to="/applications">My applications</Link>.
        </p>
      ) : refusal === "staff" || refusal === "unconfirmed" ? (
        <p className="notice notice--info" role="status">
          {refusalTexts[refusal]} {refusal === "unconfirmed" ? <Link to="/confirm-email">Confirm your email</Link> : null}
        </p>
      ) : refusal ? (
        <p className="notice notice--info" role="status">
          {pet.name} {refusalTexts[refusal]} <Link to="/adopt">Meet our other pets</Link>.
        </p>
      ) : (
        <>
          {saved ? (
            <p className="notice notice--success" role="status">
              Your draft is saved. Come back to this page any time to finish it.
            </p>
          ) : null}
          <p>
            Tell us about you and your home.{" "}
            {prefilled.length > 0
              ? `From your profile and the matching questionnaire we filled in: ${listed(prefilled.map((label) => label.toLowerCase()))}. Change anything that is not right. `
              : null}
            We write to you at <strong>{email}</strong>. {hasDraft && !saved ? "This is your saved draft." : null}
          </p>
          <Form method="post" id={form.id} ref={ref} className="stack application-form">
            <ErrorSummary form={form} labels={summaryLabels} shown={submitFailed} />
            <FormAlert messages={formErrorsOf(form)} />
            <ApplicationFields form={form} defaults={actionData ? {} : defaults} />
            <div className="button-row">
              <SubmitButton name="intent" value="submit" className="button button--primary" pending={pending} pendingLabel="Sending…">
                Send application
              </SubmitButton>
              <button type="submit" name="intent" value="draft" className="button" formNoValidate>
                Save draft
              </button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}
