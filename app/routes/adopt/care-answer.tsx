import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { FieldErrors } from "#app/components/ui/field";
import { photoLimits } from "#app/lib/pets/pet-fields";
import {
  answerLineMax,
  answerReplyBusinessDays,
  answerTokenMessage,
  inboxAnswers,
  isCareAnswer,
  type CareAnswer,
} from "#app/lib/care/answers";
import { isSignedToken } from "#app/lib/email/alert-tokens";
import { readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import { followUpToAnswer, recordCareAnswer } from "#app/models/care.server";
import { followUpAnswerPurpose } from "#app/services/care-follow-ups.server";
import { checkPhotos, postedFiles, removePhotos, storePhotos, storyPhotoKey } from "#app/services/pet-photos.server";

export const meta = routeMeta;

const notValid =
  /*i18n*/ "This link is not valid any more. Reply to our e-mail or call us: a person reads every reply.";

const field = (value: unknown, max: number) => (typeof value === "string" && value.length <= max ? value : null);

/**
 * The follow-up and answer a link names, when its signed token is right (issue 45, decision 067);
 * null for anything else, a follow-up never sent or a deleted pet.
 */
async function linkedAnswer(context: LoaderFunctionArgs["context"], read: (name: string) => unknown) {
  const secret = context.config.alertTokenSecret;
  const pet = field(read("pet"), 9);
  const email = field(read("email"), 254)?.toLowerCase() ?? null;
  const kind = field(read("kind"), 40);
  const item = field(read("item"), 20);
  const answer = read("answer");
  const token = field(read("token"), 100);
  if (!secret || !pet || !/^\d+$/.test(pet) || email === null || kind === null || item === null || token === null)
    return null;
  if (!isCareAnswer(answer)) return null;
  const key = { petId: Number(pet), email, kind, item };
  if (!(await isSignedToken(followUpAnswerPurpose, answerTokenMessage(key, answer), token, secret))) return null;
  const followUp = await followUpToAnswer(context.db, key);
  return followUp ? { followUp, answer, fields: { pet, email, kind, item, answer, token } } : null;
}

const questions: Record<CareAnswer, MessageDescriptor> = {
  registered: msg`Tell the shelter you registered the microchip to yourself?`,
  well: msg`Tell the shelter all is well?`,
  help: msg`Ask the shelter for help? A person answers within one business day.`,
  return: msg`Tell the shelter you are thinking of bringing your pet back? A person calls or writes to you within one business day to talk it over.`,
  done: msg`Tell the shelter it is done? We will not remind you of it again.`,
};
const buttons: Record<CareAnswer, MessageDescriptor> = {
  registered: msg`Yes, I registered it`,
  well: msg`All is well`,
  help: msg`We could use some help`,
  return: msg`We are thinking of bringing our pet back`, // the page says the pet's name (below)
  done: msg`Done`,
};
const thanks: Record<CareAnswer, MessageDescriptor> = {
  registered: msg`Thank you: the chip now leads back to you.`,
  well: msg`Thank you! It is the best news we get.`,
  help: msg`Thank you for telling us. A person from the shelter will get in touch within one business day.`,
  return: msg`Thank you for telling us. A person from the shelter will get in touch within one business day to talk it over.`,
  done: msg`Thank you: we will not remind you of it again.`,
};

/**
 * /care/answer: a one-tap answer in a follow-up e-mail (issue 45). Opening it changes nothing (mail
 * scanners open links); its one button records the answer, once. "help" and "return" reach the staff
 * inbox as a message to answer within one business day; a line of "All is well" reaches it too, and
 * staff may approve it as a story for the home page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, params } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Your answer`),
    description: i18n._(msg`Answer the shelter's check-in after an adoption.`),
  };
  const doneAnswer = params.get("answer");
  const petName = "";
  if (done)
    return {
      meta,
      state: "done" as const,
      answer: isCareAnswer(doneAnswer) ? doneAnswer : "well",
      petName,
      fields: {},
    };
  const linked = await linkedAnswer(context, (name) => params.get(name));
  if (!linked) return { meta, state: "invalid" as const, answer: "well" as CareAnswer, petName, fields: {} };
  if (linked.followUp.answers.includes(linked.answer))
    return { meta, state: "done" as const, answer: linked.answer, petName, fields: {} };
  return {
    meta,
    state: "confirm" as const,
    answer: linked.answer,
    petName: linked.followUp.petName,
    fields: linked.fields,
  };
}

/** What staff read in the inbox (the message is data, like a Get In Touch message: in the shelter's language, English). */
function inboxText(answer: CareAnswer, petName: string, kind: string, line: string | null, photo: boolean) {
  const when =
    kind === "check-in-3d"
      ? "three-day"
      : kind === "check-in-3w"
        ? "three-week"
        : kind === "check-in-3m"
          ? "three-month"
          : kind;
  // What matters first: the inbox shows a message's first 80 characters.
  const said =
    answer === "help"
      ? `Help asked with ${petName}: "We could use some help", answered to the ${when} check-in. Please reply within one business day.`
      : answer === "return"
        ? `Return request: thinking of bringing ${petName} back, answered to the ${when} check-in. Please reply within one business day.`
        : `All is well with ${petName}, answered to the ${when} check-in. Approve ${line && photo ? "the line and photo" : photo ? "the photo" : "the line"} below as a story for the home page if you like.`;
  return `${said}${line ? `\n\n"${line}"` : ""}${photo ? "\n\nA photo came with it (shown below)." : ""}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const params = new URL(request.url).searchParams;
  const i18n = i18nOf(request);
  const linked = await linkedAnswer(context, (name) => formData.get(name) ?? params.get(name));
  if (!linked) throw new Response(i18n._(notValid), { status: 400 });
  const { followUp, answer } = linked;
  const rawLine = formData.get("line");
  const line = answer === "well" && typeof rawLine === "string" ? rawLine.trim() : "";
  // The line is always given back, so a refused photo never costs what was written.
  const refuse = (status: number, refusal: { error?: string; photoError?: string }) =>
    data({ ...refusal, line: line.slice(0, 5000) }, { status });
  if (line.length > answerLineMax)
    return refuse(400, { error: i18n._(msg`Please keep it to ${answerLineMax} characters.`) });
  // An optional photo with "All is well" (issue 45): checked and stored as the pets' photos are
  // (services/pet-photos: type by content, bytes and pixels bounded, upright, no metadata, copies), under
  // its own key prefix, so the public photo route serves it only once staff approve the story.
  const files = answer === "well" ? postedFiles(formData, "photo") : [];
  if (files.length > 1) return refuse(400, { photoError: i18n._(msg`Choose one photo.`) });
  const checked = await checkPhotos(files, 0, i18n);
  if (checked.errors.length > 0) return refuse(400, { photoError: checked.errors.join(" ") });
  let photos: string[] = [];
  try {
    photos = await storePhotos(context.photos, context.images, checked.photos, storyPhotoKey);
  } catch (error) {
    console.error("care answer photo not stored", error);
    return refuse(503, {
      photoError: i18n._(msg`The photo could not be stored. Nothing was sent: please try again.`),
    });
  }
  const photo = photos[0] ?? null;
  const name = [followUp.firstName, followUp.lastName].filter(Boolean).join(" ") || followUp.email;
  const toInbox = inboxAnswers.includes(answer) || (answer === "well" && (line !== "" || photo !== null));
  return spendEmailedLink(async () => {
    let recorded = false;
    try {
      recorded = await recordCareAnswer(
        context.db,
        { followUpId: followUp.id, answer, text: line || null, photo },
        toInbox
          ? {
              name,
              email: followUp.email,
              message: inboxText(answer, followUp.petName, followUp.kind, line || null, photo !== null),
              replyBusinessDays: inboxAnswers.includes(answer) ? answerReplyBusinessDays : null,
            }
          : null,
      );
    } finally {
      // A photo of an answer not recorded (already given, or D1 refused) is not kept.
      if (!recorded) await removePhotos(context.photos, photos);
    }
    return localizedPath(`/care/answer?done&answer=${answer}`, localeOf(request));
  });
}

const photoMb = photoLimits.maxBytes / 1024 / 1024;

export default function CareAnswerPage() {
  const { state, answer, petName, fields } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string; photoError?: string; line?: string }>();
  const { t, i18n } = useLingui();
  return (
    <EmailedLinkPage
      title={t`Your answer`}
      state={state}
      fields={fields}
      prompt={i18n._(questions[answer])}
      button={answer === "return" && petName ? t`We are thinking of bringing ${petName} back` : i18n._(buttons[answer])}
      pendingLabel={t`Sending…`}
      done={<p>{i18n._(thanks[answer])}</p>}
      invalid={<p>{i18n._(notValid)}</p>}
      encType={answer === "well" ? "multipart/form-data" : undefined}
    >
      {answer === "well" ? (
        <>
          <div className="field">
            <label htmlFor="care-answer-line">
              <Trans>
                A line about how it is going (optional; with your permission it may become a story on our home page)
              </Trans>
            </label>
            <textarea
              id="care-answer-line"
              name="line"
              rows={3}
              maxLength={answerLineMax}
              defaultValue={actionData?.line ?? ""}
              aria-invalid={actionData?.error ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="care-answer-photo">
              {petName ? (
                <Trans>
                  A photo of {petName} (optional; JPEG or PNG, up to {photoMb} MB; only our staff see it unless we make
                  your answer a story on our home page)
                </Trans>
              ) : (
                <Trans>
                  A photo (optional; JPEG or PNG, up to {photoMb} MB; only our staff see it unless we make your answer a
                  story on our home page)
                </Trans>
              )}
            </label>
            <input
              id="care-answer-photo"
              name="photo"
              type="file"
              accept="image/jpeg,image/png"
              aria-invalid={actionData?.photoError ? true : undefined}
              aria-describedby={actionData?.photoError ? "care-answer-photo-error" : undefined}
            />
            <FieldErrors id="care-answer-photo-error" errors={actionData?.photoError ? [actionData.photoError] : []} />
          </div>
        </>
      ) : null}
    </EmailedLinkPage>
  );
}
