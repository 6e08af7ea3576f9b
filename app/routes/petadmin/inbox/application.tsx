import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { applicationPageHandle } from "#app/components/admin-page";
import { useLocale, useLocalePath } from "#app/components/locale";
import { localeOfPath, localizedPath, localeOf } from "#app/lib/i18n/locale";
import { shelterTimeIn, staffDateIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { useRef, type ReactNode } from "react";
import { ApplicationAnswersList } from "#app/components/application-form";
import { InboxItemHeader, noteDoneText } from "#app/components/inbox-item";
import { InboxNotes } from "#app/components/inbox-notes";
import { TextAreaField } from "#app/components/ui/field";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { shelter } from "#app/config/shelter";
import { openStatuses, statusLabels } from "#app/lib/applications/application-questions";
import { declineSchema } from "#app/lib/applications/application-schema";
import { serverField } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { getApplication, type Application } from "#app/models/applications.server";
import { decide, type PetDecision } from "#app/services/pet-decisions.server";
import { inboxItemAction, inboxItemPage, type InboxItemKind } from "#app/services/inbox-items.server";
import { revalidateAfterConflict } from "#app/lib/forms/revalidate-after-conflict";
import { AdoptionPapersPanel } from "#app/components/adoption-papers-panel";
import {
  deskPaymentSchema,
  maxScanBytes,
  scanMissing,
  scanTypes,
  sendPapersSchema,
} from "#app/lib/papers/papers-schema";
import { paymentMethodName } from "#app/lib/papers/papers-emails";
import { feeRefunded } from "#app/lib/papers/paper-kinds";
import { formatDate } from "#app/lib/i18n/dates";
import { getPet } from "#app/models/pets.server";
import {
  contractPath,
  feeQuote,
  money,
  papersComplete,
  papersOfApplication,
  papersOpen,
  recordPaperContract,
  recordPickUpPayment,
  sendAdoptionPapers,
  storedFileCheck,
} from "#app/services/adoption-papers.server";
import { tryWrite } from "#app/lib/http/storage-error";

export const meta = routeMeta;

export const handle = applicationPageHandle;

/** An adoption application in the inbox; its decisions are services/pet-decisions.server.ts's. Drafts are the adopter's own until sent. */
const applicationItem: InboxItemKind<Application> = {
  kind: "application",
  permissions: { read: "read:inbox", update: "update:inbox" },
  load: getApplication,
  notFound: "Application not found",
  shown: (found) => found.application.status !== "draft",
  idOf: (found) => found.application.id,
};

export async function loader(args: LoaderFunctionArgs) {
  const { item, i18n, shared } = await inboxItemPage(args, applicationItem);
  const { application, pet, applicant, history } = item;
  const { searchParams: query, pathname } = new URL(args.request.url);
  const locale = localeOfPath(pathname);
  const { context } = args;
  // The adoption papers (decision 070): what was sent, signed and paid, or what sending would ask.
  const papers = await papersOfApplication(context.db, application.id);
  const fullPet = await getPet(context.db, pet.id);
  const holds =
    application.status === "approved" &&
    pet.adoptedEmail === null &&
    pet.onHoldEmail?.toLowerCase() === applicant.email.toLowerCase();
  const quote = !papers && holds && fullPet ? await feeQuote(context, fullPet) : null;
  return {
    meta: {
      title: i18n._(msg`Adoption application`),
      description: i18n._(msg`Staff: read an adoption application and decide on it.`),
    },
    application: { ...application, submittedAt: application.submittedAt?.toISOString() ?? null },
    pet,
    applicant,
    history: history.map((event) => ({ status: event.status, createdAt: event.createdAt.toISOString() })),
    notes: shared.notes,
    done: shared.done,
    // Approve asks first (issue 29): with JavaScript in a dialog, without it on this page at ?confirm=approve.
    confirmApprove: query.get("confirm") === "approve",
    approveHoldsUntil: shelterTimeIn(localeOfPath(pathname), closeOfNextBusinessDay(new Date(), shelter.openingHours)),
    constraints: {
      decline: getZodConstraint(declineSchema),
      note: shared.noteConstraint,
      sendPapers: getZodConstraint(sendPapersSchema),
      deskPayment: getZodConstraint(deskPaymentSchema),
    },
    sendQuote: quote
      ? {
          petFee: money(quote.petFeeCents, locale),
          sponsored: quote.sponsoredCents > 0 ? money(quote.sponsoredCents, locale) : null,
          due: money(quote.dueCents, locale),
        }
      : null,
    papers: papers
      ? {
          id: papers.id,
          sentAt: formatDate(papers.sentAt, { locale, time: true }),
          fee: money(papers.feeCents, locale),
          feeDue: papers.feeCents > 0,
          waivedReason: papers.feeWaivedReason,
          open: papersOpen(papers, item),
          complete: papersComplete(papers),
          signed: papers.signedAt
            ? {
                at: formatDate(papers.signedAt, { locale, time: true }),
                onPaper: papers.signingMethod === "paper",
                name: papers.signedName,
              }
            : null,
          // A refunded payment no longer counts as paid (decision 070, amended): "Mark adopted" waits.
          refunded: feeRefunded(papers)
            ? {
                at: formatDate(papers.feeRefundedAt, { locale, time: true }),
                amount: money(papers.feeRefundedCents ?? 0, locale),
              }
            : null,
          paid:
            papers.feePaidAt && papers.feePaidMethod && !feeRefunded(papers)
              ? {
                  at: formatDate(papers.feePaidAt, { locale, time: true }),
                  how: paymentMethodName(i18n, papers.feePaidMethod),
                  receipt: papers.feeReceiptNumber,
                  gift: papers.giftCents ? money(papers.giftCents, locale) : null,
                }
              : null,
          download: papers.fileKey ? contractPath(papers.id) : null,
          fileCheck: papers.fileKey ? await storedFileCheck(context, papers) : null,
        }
      : null,
  };
}

type Intent = "review" | "approve" | "decline" | "adopt";
const intents: readonly Intent[] = ["review", "approve", "decline", "adopt"];
const conflictMessage = msg`Someone else changed this application since you opened it. Here is what it is now: check it and try again.`;

/**
 * Staff move an application through its statuses (submitted → in review → approved or declined →
 * adopted) and leave notes. Each change applies only to the version the page showed (decision 014);
 * what a decision does is services/pet-decisions.server.ts's, this maps its outcome to HTTP.
 */
export const action = (args: ActionFunctionArgs) =>
  // A note is the inbox skeleton's (services/inbox-items.server.ts); a decision is decideOn's.
  inboxItemAction(args, applicationItem, (load, formData, staff) =>
    papersIntents.includes(formData.get("intent") as PapersIntent)
      ? papersOn(args, load, formData, staff)
      : decideOn(args, load, formData, staff),
  );

type PapersIntent = "send-papers" | "paper-signed" | "desk-payment";
const papersIntents: readonly PapersIntent[] = ["send-papers", "paper-signed", "desk-payment"];

/**
 * The adoption papers from the inbox item (decision 070): send them (the fee as computed, or waived
 * with a reason), record a contract signed on paper with its scan, or the fee paid at the desk.
 */
async function papersOn(
  { request, context }: ActionFunctionArgs,
  load: () => Promise<Application>,
  formData: FormData,
  staff: { id: number },
) {
  const intent = formData.get("intent") as PapersIntent;
  const application = await load();
  const id = application.application.id;
  const i18n = i18nOf(request);
  const here = localizedPath(`/petadmin/inbox/application/${id}`, localeOf(request));
  const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) =>
    data({ intent: intent as string, message, result }, { status });
  const papers = await papersOfApplication(context.db, id);
  const movedOn = i18n._(
    msg`The papers cannot change now: the application is no longer approved with the pet held for the applicant.`,
  );
  return tryWrite(
    async () => {
      if (intent === "send-papers") {
        const submission = parseWithZod(formData, { schema: sendPapersSchema });
        if (submission.status !== "success") return refuse("", 400, submission.reply());
        const outcome = await sendAdoptionPapers(context, application, {
          staffId: staff.id,
          waivedReason: submission.value.waive ? (submission.value.reason ?? null) : null,
          origin: new URL(request.url).origin,
        });
        if (outcome === "refused") return refuse(movedOn, 409, submission.reply());
        return redirect(`${here}?done=${outcome === "sent" ? "papers_sent" : "papers_exist"}`);
      }
      if (!papers) return refuse(i18n._(msg`Send the adoption papers first.`), 409);
      if (intent === "desk-payment") {
        const submission = parseWithZod(formData, { schema: deskPaymentSchema });
        if (submission.status !== "success") return refuse("", 400, submission.reply());
        const outcome = await recordPickUpPayment(context, application, papers, {
          method: submission.value.method,
          receiptNumber: submission.value.receipt,
          staffId: staff.id,
        });
        if (outcome === "refused")
          return refuse(i18n._(msg`The fee is already recorded, or there is none to pay.`), 409, submission.reply());
        return redirect(`${here}?done=fee_recorded`);
      }
      const scan = formData.get("scan");
      if (
        !(scan instanceof File) ||
        scan.size === 0 ||
        scan.size > maxScanBytes ||
        !(scanTypes as readonly string[]).includes(scan.type)
      )
        return refuse("", 400, { status: "error", error: { scan: [scanMissing] } });
      if (!papersOpen(papers, application) && papers.signedAt === null) return refuse(movedOn, 409);
      const outcome = await recordPaperContract(context, papers, scan, staff.id);
      if (outcome === "refused") return refuse(i18n._(msg`The contract is already signed.`), 409);
      return redirect(`${here}?done=paper_signed`);
    },
    (message) => refuse(i18n._(message), 503),
  );
}

async function decideOn(
  { request, context }: ActionFunctionArgs,
  load: () => Promise<Application>,
  formData: FormData,
  staff: { id: number },
) {
  const intent = formData.get("intent") as Intent;
  if (!intents.includes(intent)) throw new Response("Unknown action", { status: 400 });
  const application = await load();
  const id = application.application.id;
  const version = Number(formData.get("version"));
  const i18n = i18nOf(request);
  const here = localizedPath(`/petadmin/inbox/application/${id}`, localeOf(request));
  const refuse = (message: string, status: number, result?: SubmissionResult<string[]>) =>
    data({ intent: intent as string, message, result }, { status });

  if (!Number.isSafeInteger(version)) throw new Response("Missing version", { status: 400 });

  let result: SubmissionResult<string[]> | undefined;
  let decision: PetDecision;
  if (intent === "decline") {
    const submission = parseWithZod(formData, { schema: declineSchema });
    if (submission.status !== "success") return refuse("", 400, submission.reply());
    result = submission.reply();
    decision = { kind: "decline", application, version, reason: submission.value.reason };
  } else {
    decision = { kind: intent === "adopt" ? "adopt-applicant" : intent, application, version };
  }
  const outcome = await decide(context, decision, { staffId: staff.id, origin: new URL(request.url).origin, i18n });
  switch (outcome.kind) {
    case "done":
      return redirect(`${here}?done=${outcome.notice}`);
    case "conflict":
      return refuse(i18n._(conflictMessage), 409, result);
    case "refused":
      return refuse(outcome.message, 409);
    case "unavailable":
      return refuse(outcome.message, 503, result);
    case "missing":
      throw new Response("Application not found", { status: 404 });
  }
}

export const shouldRevalidate = revalidateAfterConflict;

const doneTexts: Record<string, MessageDescriptor> = {
  ...noteDoneText,
  in_review: msg`The application is in review. We emailed the adopter.`,
  approved: msg`Approved. The pet is on hold for the adopter and off the public lists. We emailed the adopter.`,
  declined: msg`Declined. We emailed the adopter the reason. If the pet was on hold for them, the hold has ended.`,
  adopted: msg`Marked adopted: the pet is newly adopted by the applicant. We emailed the adopter.`,
  met: msg`The visit is marked met. Now mark the pet adopted, or decline with a reason.`,
  papers_sent: msg`Adoption papers sent. We emailed the adopter the link to sign and pay.`,
  papers_exist: msg`The adoption papers were already sent.`,
  paper_signed: msg`The contract signed on paper is recorded with its scan.`,
  fee_recorded: msg`The fee paid at pick-up is recorded. We emailed the adopter the receipt.`,
};

export default function InboxApplication() {
  const {
    application,
    pet,
    applicant,
    history,
    notes,
    done,
    constraints,
    confirmApprove,
    approveHoldsUntil,
    papers,
    sendQuote,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const status = application.status;
  const open = (openStatuses as readonly string[]).includes(status);
  const declineForm = {
    id: "decline",
    constraint: constraints.decline,
    lastResult: actionData?.intent === "decline" ? actionData.result : undefined,
  };
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const name = pet.name;
  const statusLabel = i18n._(statusLabels[status]);
  const sent = staffDateIn(locale, application.submittedAt);
  return (
    <>
      <InboxItemHeader
        title={t`Application for ${name}`}
        status={statusLabel}
        done={done}
        doneTexts={doneTexts}
        error={actionData?.message}
      />
      {confirmApprove && open ? (
        <section className="panel panel--confirm" aria-labelledby="approve-confirm-title">
          <ApproveConfirmation
            titleId="approve-confirm-title"
            pet={pet}
            applicant={applicant}
            version={application.version}
            heldUntil={approveHoldsUntil}
            cancel={
              <Link to={href(`/petadmin/inbox/application/${application.id}#decide-title`)} className="button">
                <Trans>Cancel</Trans>
              </Link>
            }
          />
        </section>
      ) : null}
      <p>
        <Trans>
          <a href="#decide-title">Go to the decision</a> (after the answers)
        </Trans>
      </p>
      <p>
        <Trans>
          From{" "}
          <strong>
            {applicant.firstName} {applicant.lastName}
          </strong>{" "}
          (<a href={`mailto:${applicant.email}`}>{applicant.email}</a>), sent {sent}. Pet:{" "}
          <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>{name}</Link> ({pet.animalId}).
        </Trans>
      </p>
      {application.declineReason ? (
        <div className="notice notice--info">
          <p className="notice__title">
            <Trans>Reason given to the adopter</Trans>
          </p>
          <p className="message-text">{application.declineReason}</p>
        </div>
      ) : null}

      <section aria-labelledby="history-title">
        <h2 id="history-title">
          <Trans>History</Trans>
        </h2>
        <ol className="history">
          {history.map((event, index) => (
            <li key={`${event.createdAt}-${index}`}>
              {i18n._(statusLabels[event.status])},{" "}
              <time dateTime={event.createdAt}>{staffDateIn(locale, event.createdAt)}</time>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="answers-title">
        <h2 id="answers-title">
          <Trans>Answers</Trans>
        </h2>
        <ApplicationAnswersList answers={application.answers} />
      </section>

      {papers || sendQuote ? (
        <AdoptionPapersPanel
          papers={papers}
          sendQuote={sendQuote}
          petName={name}
          constraints={{ sendPapers: constraints.sendPapers, deskPayment: constraints.deskPayment }}
          actionData={actionData}
        />
      ) : null}

      <section aria-labelledby="decide-title" className="panel">
        <h2 id="decide-title">
          <Trans>Decision</Trans>
        </h2>
        {open || status === "approved" ? (
          <div className="stack">
            <Form method="post" className="button-row">
              <input type="hidden" name="version" value={application.version} />
              {status === "submitted" ? (
                <button type="submit" name="intent" value="review" className="button">
                  <Trans>Start review</Trans>
                </button>
              ) : null}
              {status === "approved" && (!papers || papers.complete) ? (
                <button type="submit" name="intent" value="adopt" className="button button--primary">
                  <Trans>Mark {name} adopted</Trans>
                </button>
              ) : null}
            </Form>
            {open ? (
              <ApproveButton
                pet={pet}
                applicant={applicant}
                version={application.version}
                heldUntil={approveHoldsUntil}
              />
            ) : null}
            {open || status === "approved" ? (
              <Form method="post" className="stack" id={declineForm.id}>
                <input type="hidden" name="version" value={application.version} />
                <TextAreaField
                  label={t`Reason for declining (the adopter reads it)`}
                  field={serverField(declineForm, "reason")}
                  rows={3}
                />
                <button type="submit" name="intent" value="decline" className="button button--danger">
                  {status === "approved" ? <Trans>Decline and end the hold on {name}</Trans> : <Trans>Decline</Trans>}
                </button>
              </Form>
            ) : null}
          </div>
        ) : (
          <p>
            <Trans>This application is closed ({statusLabel.toLowerCase()}).</Trans>
          </p>
        )}
      </section>

      <InboxNotes
        notes={notes}
        constraint={constraints.note}
        lastResult={actionData?.intent === "note" ? actionData.result : undefined}
      />
    </>
  );
}

interface ApproveProps {
  pet: { name: string };
  applicant: { firstName: string; lastName: string; email: string };
  version: number;
  /** When the hold would end if approved now ("Wed Nov 25, 5 pm"). */
  heldUntil: string;
}

/** What Approve does, said before it is done, with the button that does it. */
function ApproveConfirmation({
  titleId,
  pet,
  applicant,
  version,
  heldUntil,
  cancel,
}: ApproveProps & { titleId: string; cancel: ReactNode }) {
  const name = pet.name;
  const { firstName, lastName, email } = applicant;
  return (
    <>
      <h2 id={titleId}>
        <Trans>Approve and hold {name}?</Trans>
      </h2>
      <p>
        <Trans>Approving this application will at once:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            put {name} on hold for {firstName} {lastName} until <strong>{heldUntil}</strong>, which takes {name} off the
            public lists and the match;
          </Trans>
        </li>
        <li>
          <Trans>
            email {firstName} ({email}) that the application is approved and until when {name} is held.
          </Trans>
        </li>
      </ul>
      <Form method="post" className="button-row">
        <input type="hidden" name="version" value={version} />
        <button type="submit" name="intent" value="approve" className="button button--primary">
          <Trans>Yes, approve and hold {name}</Trans>
        </button>
        {cancel}
      </Form>
    </>
  );
}

/**
 * "Approve and hold …" asks first. Without JavaScript it opens this page at ?confirm=approve, which
 * says what will happen; with it the same words open in a dialog.
 */
function ApproveButton(props: ApproveProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const name = props.pet.name;
  return (
    <>
      <Form
        method="get"
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        <input type="hidden" name="confirm" value="approve" />
        <button type="submit" className="button button--primary">
          <Trans>Approve and hold {name}…</Trans>
        </button>
      </Form>
      <dialog ref={dialog} className="dialog" aria-labelledby="approve-dialog-title">
        <ApproveConfirmation
          {...props}
          titleId="approve-dialog-title"
          cancel={
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              <Trans>Cancel</Trans>
            </button>
          }
        />
      </dialog>
    </>
  );
}
