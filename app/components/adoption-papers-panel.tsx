import type { SubmissionResult } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "@remix-run/react";
import { CheckboxField, Field, SelectField, TextAreaField } from "#app/components/ui/field";
import { serverField, type FieldConstraint, type ServerForm } from "#app/lib/forms/form-constraint";

/** The adoption papers of an application, as its inbox item shows them (decision 070). */
export interface PapersView {
  id: number;
  sentAt: string;
  fee: string;
  feeDue: boolean;
  waivedReason: string | null;
  open: boolean;
  complete: boolean;
  signed: { at: string; onPaper: boolean; name: string | null } | null;
  paid: { at: string; how: string; receipt: string | null; gift: string | null } | null;
  /** The online payment was refunded by the provider and the fee not paid again since. */
  refunded: { at: string; amount: string } | null;
  download: string | null;
  fileCheck: "matches" | "differs" | "missing" | null;
}

type ActionData = { intent: string; message?: string; result?: SubmissionResult<string[]> } | undefined;

/**
 * "Send adoption papers" (the fee checked, or waived with a reason), then "Contract signed" and "Fee
 * paid" with what staff may record at the desk: a contract signed on paper (its scan) and the fee paid
 * at pick-up. The signed file's link says whether the stored file still matches its hash.
 */
export function AdoptionPapersPanel({
  papers,
  sendQuote,
  petName,
  constraints,
  actionData,
}: {
  papers: PapersView | null;
  sendQuote: { petFee: string; sponsored: string | null; due: string } | null;
  petName: string;
  constraints: { sendPapers: Record<string, FieldConstraint>; deskPayment: Record<string, FieldConstraint> };
  actionData: ActionData;
}) {
  const { t } = useLingui();
  const form = (id: string, constraint: Record<string, FieldConstraint>): ServerForm => ({
    id,
    constraint,
    lastResult: actionData?.intent === id ? actionData.result : undefined,
  });
  const sendForm = form("send-papers", constraints.sendPapers);
  const deskForm = form("desk-payment", constraints.deskPayment);
  const scanForm = form("paper-signed", {});
  return (
    <section aria-labelledby="papers-title" className="panel papers-panel">
      <h2 id="papers-title">
        <Trans>Adoption papers</Trans>
      </h2>
      {!papers && sendQuote ? (
        <Form method="post" className="stack" id={sendForm.id}>
          <p>
            {sendQuote.sponsored ? (
              <Trans>
                Fee: {sendQuote.petFee}, less {sendQuote.sponsored} sponsors paid: <strong>{sendQuote.due}</strong> due.
              </Trans>
            ) : (
              <Trans>
                Fee: <strong>{sendQuote.due}</strong> due.
              </Trans>
            )}
          </p>
          <CheckboxField label={t`Waive the fee`} field={serverField(sendForm, "waive")} />
          <TextAreaField
            label={t`Why the fee is waived (if waived)`}
            field={serverField(sendForm, "reason")}
            rows={2}
          />
          <button type="submit" name="intent" value="send-papers" className="button button--primary">
            <Trans>Send adoption papers</Trans>
          </button>
        </Form>
      ) : null}
      {papers ? (
        <>
          <p>
            <Trans>Sent {papers.sentAt}.</Trans>{" "}
            {papers.feeDue ? (
              <Trans>Fee due: {papers.fee}.</Trans>
            ) : papers.waivedReason ? (
              <Trans>Fee waived: {papers.waivedReason}</Trans>
            ) : (
              <Trans>No fee due.</Trans>
            )}
          </p>
          <ul className="papers-status">
            <li>
              {papers.signed ? (
                papers.signed.onPaper ? (
                  <Trans>
                    <strong>Contract signed</strong> on paper, {papers.signed.at}.
                  </Trans>
                ) : (
                  <Trans>
                    <strong>Contract signed</strong> electronically by {papers.signed.name}, {papers.signed.at}.
                  </Trans>
                )
              ) : (
                <Trans>Contract not signed yet.</Trans>
              )}
              {papers.download ? (
                <>
                  {" "}
                  <a href={papers.download} download>
                    <Trans>Download the signed contract</Trans>
                  </a>{" "}
                  {papers.fileCheck === "matches" ? (
                    <span className="badge badge--success">
                      <Trans>The stored file matches its hash</Trans>
                    </span>
                  ) : papers.fileCheck === "differs" ? (
                    <span className="badge badge--danger">
                      <Trans>The stored file does NOT match its hash</Trans>
                    </span>
                  ) : (
                    <span className="badge badge--danger">
                      <Trans>The stored file is missing</Trans>
                    </span>
                  )}
                </>
              ) : null}
            </li>
            <li>
              {!papers.feeDue ? (
                <Trans>No fee to pay.</Trans>
              ) : papers.paid ? (
                <Trans>
                  <strong>Fee paid</strong> ({papers.paid.how}
                  {papers.paid.receipt ? `, ${papers.paid.receipt}` : ""}), {papers.paid.at}.
                </Trans>
              ) : papers.refunded ? (
                <Trans>
                  <strong>Fee refunded</strong> ({papers.refunded.amount}), {papers.refunded.at}: not paid again yet.
                </Trans>
              ) : (
                <Trans>Fee not paid yet.</Trans>
              )}
              {papers.paid?.gift ? (
                <>
                  {" "}
                  <Trans>With a gift of {papers.paid.gift}.</Trans>
                </>
              ) : null}
            </li>
          </ul>
          {!papers.complete ? (
            <p>
              <Trans>Mark {petName} adopted is offered once the contract is signed and the fee paid.</Trans>
            </p>
          ) : null}
          {!papers.signed && papers.open ? (
            <Form method="post" encType="multipart/form-data" className="stack" id={scanForm.id}>
              <h3>
                <Trans>Signed on paper</Trans>
              </h3>
              <Field
                label={t`Scan of the signed contract (PDF or photo)`}
                field={serverField(scanForm, "scan")}
                type="file"
                accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
              />
              <button type="submit" name="intent" value="paper-signed" className="button">
                <Trans>Record the contract signed on paper</Trans>
              </button>
            </Form>
          ) : null}
          {papers.feeDue && !papers.paid && papers.open ? (
            <Form method="post" className="stack" id={deskForm.id}>
              <h3>
                <Trans>Paid at pick-up</Trans>
              </h3>
              <SelectField
                label={t`Paid with`}
                field={serverField(deskForm, "method")}
                placeholder={t`Choose…`}
                options={[
                  { value: "cash", label: t`Cash` },
                  { value: "check", label: t`Check` },
                  { value: "card", label: t`Card at the desk` },
                ]}
              />
              <Field label={t`Receipt number`} field={serverField(deskForm, "receipt")} />
              <button type="submit" name="intent" value="desk-payment" className="button">
                <Trans>Record the fee paid at pick-up</Trans>
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
