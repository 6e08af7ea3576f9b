import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction } from "#app/routes/adopt/apply";
import { loader as applicationsLoader } from "#app/routes/adopt/applications";
import { action as checkoutAction, loader as checkoutLoader } from "#app/routes/adopt/application-checkout";
import { loader as contractLoader } from "#app/routes/adopt/contract-file";
import { action as itemAction, loader as itemLoader } from "#app/routes/petadmin/inbox/application";
import { action as webhookAction } from "#app/routes/give/stripe-webhook";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { adoptionPapersTexts } from "#app/config/adoption-papers";
import { sha256Hex } from "#app/lib/papers/contract";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import {
  localStripeSecrets,
  standInWorkerVars,
  startStripeStandIn,
  stripeSignature,
  type StripeStandIn,
} from "../../scripts/lib/stripe-stand-in";
import { injectFaults, permanentD1Error } from "./faults";
import { pdfPageTexts } from "./pdf-text";
import { signedIn } from "./signed-in";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";

/** Going home, paperless (issue 44, decision 070): papers sent, signed, paid, and the pet goes home. */
let t: TestEnv;
let standIn: StripeStandIn;
let staff: CookieJar;
const secrets = localStripeSecrets();
const deliver = async (request: Request) =>
  (await respond(t, webhookAction, new Request("http://localhost/webhooks/stripe", request))).response!;

beforeAll(async () => {
  standIn = await startStripeStandIn(0, { ...secrets, deliver: (request) => deliver(request) });
  t = await createTestEnv({ ...standInWorkerVars(standIn, secrets), SITE_URL: "http://localhost" } as Partial<Env>);
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(async () => {
  await t.dispose();
  await standIn.stop();
});
afterEach(() => t.settle());

const one = <T>(sql: string, ...params: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
const papersOf = (applicationId: number) =>
  one<Record<string, unknown>>("select * from adoption_papers where application_id = ?", applicationId);
const outboxTo = async (to: string) => {
  await t.settle();
  return (
    await t.env.DB.prepare('select subject, text from outbox_messages where "to" = ? order by id')
      .bind(to)
      .all<{ subject: string; text: string }>()
  ).results;
};
const storedKeys = async (prefix: string) => (await t.env.PAPERS.list({ prefix })).objects.map((object) => object.key);

/** A pet, an adopter (signed in) with a sent application, approved by staff: the pet held for them. */
async function approvedApplication(fee = 150, name = "Biscuit", answers: Record<string, string> = {}) {
  const pet = await insertPet(t.env.DB, { name, species: "Dog", breed: ["Beagle"], sex: "Male", adoptionFee: fee });
  const account = await createAccount(t.env.DB, { firstName: "Ada", lastName: "Adopter" });
  const adopter = await signedIn(t, account);
  const sent = await respond(
    t,
    applyAction,
    withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers, ...answers }), adopter),
  );
  const id = Number(sent.headers.get("Location")!.split("=")[1]);
  const staffPost = (fields: Record<string, string>, jar = staff) =>
    respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), jar), {
      id: String(id),
    });
  expect((await staffPost({ intent: "approve", version: "1" })).status).toBe(302);
  const checkoutPath = `/applications/${id}/checkout`;
  const sign = (fields: Record<string, string>, jar = adopter, headers: Record<string, string> = {}) => {
    const request = withCookies(postForm(checkoutPath, { intent: "sign", ...fields }), jar);
    for (const [key, value] of Object.entries(headers)) request.headers.set(key, value);
    return respond(t, checkoutAction, request, { id: String(id) });
  };
  const checkout = (jar = adopter, query = "") =>
    respond(t, checkoutLoader, withCookies(getRequest(`${checkoutPath}${query}`), jar), { id: String(id) });
  const staffItem = async () =>
    (
      await respond(t, itemLoader, withCookies(getRequest(`/petadmin/inbox/application/${id}`), staff), {
        id: String(id),
      })
    ).data as Awaited<ReturnType<typeof itemLoader>>;
  return { pet, account, adopter, id, staffPost, sign, checkout, staffItem };
}

const download = (papersId: number, jar: CookieJar) =>
  respond(t, contractLoader, withCookies(getRequest(`/papers/${papersId}/contract`), jar), { id: String(papersId) });

const signature = { consent: "on", name: "ada adopter" };

describe("staff send the papers", () => {
  it("with the fee less what sponsors paid; the adopter is e-mailed and /applications says Sign and pay", async () => {
    const app = await approvedApplication(150, "Sponsored");
    // A sponsor paid $50 of the fee, of which $10 was refunded.
    await t.env.DB.prepare(
      `insert into gifts (checkout_session_id, kind, amount_cents, currency, fund, pet_id, donor_name, donor_email, language, created_at)
       values ('cs_sponsor', 'one_time', 5000, 'usd', 'pet_fee', ?, 'S', 's@example.com', 'en', 0)`,
    )
      .bind(app.pet.id)
      .run();
    await t.env.DB.prepare(
      "insert into gift_payments (gift_id, amount_cents, currency, paid_at, refunded_at, refunded_cents) select id, 5000, 'usd', 0, 1, 1000 from gifts where checkout_session_id = 'cs_sponsor'",
    ).run();
    expect((await app.staffItem()).sendQuote).toMatchObject({ petFee: "$150.00", sponsored: "$40.00", due: "$110.00" });
    expect((await app.staffPost({ intent: "send-papers" })).headers.get("Location")).toContain("done=papers_sent");
    expect((await papersOf(app.id))!.fee_cents).toBe(11000);
    const mail = (await outboxTo(app.account.email)).at(-1)!;
    expect(mail.subject).toBe("Your adoption papers for Sponsored");
    expect(mail.text).toContain(`/applications/${app.id}/checkout`);
    const list = (await respond(t, applicationsLoader, withCookies(getRequest("/applications"), app.adopter)))
      .data as Awaited<ReturnType<typeof applicationsLoader>>;
    expect(list.applications.find((row) => row.id === app.id)?.papers?.todo).toBe("sign-and-pay");
    // Sent twice: one set of papers.
    expect((await app.staffPost({ intent: "send-papers" })).headers.get("Location")).toContain("done=papers_exist");
  });

  it("waived only with a reason", async () => {
    const app = await approvedApplication(80, "Waived");
    const refused = await app.staffPost({ intent: "send-papers", waive: "on", reason: "" });
    expect(refused.status).toBe(400);
    expect(await papersOf(app.id)).toBeNull();
    await app.staffPost({ intent: "send-papers", waive: "on", reason: "Senior to senior" });
    expect(await papersOf(app.id)).toMatchObject({ fee_cents: 0, fee_waived_reason: "Senior to senior" });
  });
});

describe("the adopter signs", () => {
  it("reads the contract filled from the template, and refuses bad input keeping what was typed", async () => {
    const app = await approvedApplication(150, "Filled", { fullName: "José  Núñez" });
    await app.staffPost({ intent: "send-papers" });
    const page = (await app.checkout()).data as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(page.contract?.text).toContain("José  Núñez");
    expect(page.contract?.text).toContain("1 Main St, Eureka, CA 95501");
    expect(page.contract?.text).toContain("Filled, Dog, Beagle, Male");
    expect(page.contract?.text).toContain("$150.00");
    expect(page.contract?.text).not.toMatch(/\{\w+\}/);

    const noConsent = await app.sign({ name: "José Núñez" });
    expect(noConsent.status).toBe(400);
    const result = (
      noConsent.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    ).result;
    expect(result.error.consent).toEqual(["Tick the box to agree to sign electronically"]);
    expect(result.initialValue.name).toBe("José Núñez");
    const empty = await app.sign({ consent: "on", name: "  " });
    expect((empty.data as { result: { error: Record<string, string[]> } }).result.error.name).toEqual([
      "Type your full name to sign the contract",
    ]);
    const wrong = await app.sign({ consent: "on", name: "Someone Else" });
    expect((wrong.data as { result: { error: Record<string, string[]> } }).result.error.name).toEqual([
      "Type your full name as it is on your application",
    ]);
    expect((await papersOf(app.id))!.signed_at).toBeNull();
    // Case, accents and extra spaces aside, the application's name signs.
    expect((await app.sign({ consent: "on", name: " jose NUNEZ " })).status).toBe(302);
  });

  it("makes the PDF, stores it with its hash, and a later template edit leaves it alone", async () => {
    const app = await approvedApplication(150, "Pdfpet");
    await app.staffPost({ intent: "send-papers" });
    const signed = await app.sign(signature, app.adopter, {
      "CF-Connecting-IP": "203.0.113.7",
      "User-Agent": "TestBrowser/1.0",
    });
    expect(signed.status).toBe(302);
    const papers = (await papersOf(app.id))!;
    expect(papers).toMatchObject({
      signing_method: "electronic",
      signed_name: "ada adopter",
      signer_email: app.account.email,
      signer_ip: "203.0.113.7",
      signer_user_agent: "TestBrowser/1.0",
      consent_version: "2026-11-28",
    });
    const stored = await t.env.PAPERS.get(String(papers.file_key));
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(await sha256Hex(bytes)).toBe(papers.file_sha256);
    // Not among the public photos.
    expect(await t.env.PHOTOS.head(String(papers.file_key))).toBeNull();
    const pages = await pdfPageTexts(bytes);
    expect(pages[0]).toContain("Pdfpet");
    expect(pages.join("\n")).toContain("ada adopter");
    expect(pages.join("\n")).toContain("Signed electronically");
    const last = pages.at(-1)!;
    expect(last).toContain(String(papers.signed_text_sha256));
    expect(last).toContain(String(papers.document_id));
    expect(last).toContain("203.0.113.7");
    expect(last).toContain("TestBrowser/1.0");
    expect(last).toContain(app.account.email);

    // The adopter and staff download it; staff see it matches its hash.
    const mine = await download(Number(papers.id), app.adopter);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect((await app.staffItem()).papers?.fileCheck).toBe("matches");

    // The template is edited: the signed contract is the same bytes.
    const original = adoptionPapersTexts.en.contract;
    adoptionPapersTexts.en.contract = "A NEW WORDING for {petName}";
    try {
      const again = new Uint8Array(await (await download(Number(papers.id), app.adopter)).response!.arrayBuffer());
      expect(await sha256Hex(again)).toBe(papers.file_sha256);
      expect((await pdfPageTexts(again)).join("\n")).not.toContain("A NEW WORDING");
    } finally {
      adoptionPapersTexts.en.contract = original;
    }

    // A stored file changed behind the site's back: staff are told.
    await t.env.PAPERS.put(String(papers.file_key), new Uint8Array([1, 2, 3]));
    expect((await app.staffItem()).papers?.fileCheck).toBe("differs");
  });

  it("signing twice leaves one signature", async () => {
    const app = await approvedApplication(0, "Twice");
    await app.staffPost({ intent: "send-papers" });
    const [first, second] = await Promise.all([app.sign(signature), app.sign(signature)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect((await app.sign(signature)).status).toBe(302);
    const papers = (await papersOf(app.id))!;
    expect(await storedKeys(`contracts/${String(papers.document_id)}`)).toEqual([papers.file_key]);
    const notes = await one<{ n: number }>(
      "select count(*) as n from inbox_notes where application_id = ? and text like 'Contract signed%'",
      app.id,
    );
    expect(notes!.n).toBe(1);
  });

  it("refuses staff (even with the applicant's id) and other accounts", async () => {
    const app = await approvedApplication(150, "Refusals");
    await app.staffPost({ intent: "send-papers" });
    // Staff post to the sign action with the applicant's own id in the form and the address.
    const asStaff = await app.sign({ ...signature, userId: String(app.account.id), id: String(app.id) }, staff);
    expect(asStaff.status).toBe(404);
    const other = await signedIn(t, await createAccount(t.env.DB));
    expect((await app.sign(signature, other)).status).toBe(404);
    expect((await app.checkout(other)).status).toBe(404);
    expect((await papersOf(app.id))!.signed_at).toBeNull();
    // The adopter signs; another account still cannot download the contract.
    await app.sign(signature);
    const papers = (await papersOf(app.id))!;
    expect((await download(Number(papers.id), other)).status).toBe(404);
  });

  it("refuses an unconfirmed account and papers whose application or hold ended", async () => {
    // An unconfirmed account cannot sign.
    const unconfirmed = await approvedApplication(150, "Unconfirmed");
    await unconfirmed.staffPost({ intent: "send-papers" });
    await t.env.DB.prepare("update users set email_confirmed_at = null where id = ?")
      .bind(unconfirmed.account.id)
      .run();
    expect((await unconfirmed.sign(signature)).status).toBe(403);

    // The application moved on (declined: the hold ended): the papers close.
    const closed = await approvedApplication(150, "Closed");
    await closed.staffPost({ intent: "send-papers" });
    await closed.staffPost({ intent: "decline", version: "2", reason: "The pet went to a foster home instead" });
    expect((await closed.sign(signature)).status).toBe(409);
    expect((await papersOf(closed.id))!.signed_at).toBeNull();
    // The hold ended (the pet released on its page).
    const released = await approvedApplication(150, "Released");
    await released.staffPost({ intent: "send-papers" });
    await t.env.DB.prepare("update pets set on_hold_email = null where id = ?").bind(released.pet.id).run();
    expect((await released.sign(signature)).status).toBe(409);
    expect(await storedKeys(`contracts/${String((await papersOf(released.id))!.document_id)}`)).toEqual([]);
  }, 60_000);

  it("records when the papers closed, however the application moved on: declined, released, deleted", async () => {
    const petPost = async (petId: number, fields: Record<string, string>) => {
      const { version } = (await one<{ version: number }>("select version from pets where id = ?", petId))!;
      return respond(
        t,
        editAction,
        withCookies(postForm("/petadmin/edit", { petId: String(petId), version: String(version), ...fields }), staff),
      );
    };
    const closedAt = async (id: number) => (await papersOf(id))!.closed_at;
    const before = Date.now();
    const declined = await approvedApplication(150, "Declined");
    await declined.staffPost({ intent: "send-papers" });
    await declined.staffPost({ intent: "decline", version: "2", reason: "The pet went to a foster home instead" });
    const released = await approvedApplication(150, "Let go");
    await released.staffPost({ intent: "send-papers" });
    expect((await petPost(released.pet.id, { intent: "release" })).status).toBe(302);
    const deleted = await approvedApplication(150, "Gone");
    await deleted.staffPost({ intent: "send-papers" });
    expect((await petPost(deleted.pet.id, { intent: "delete", confirm: "delete" })).status).toBe(302);
    for (const { id } of [declined, released, deleted]) {
      const at = await closedAt(id);
      expect(at, `papers of application ${id}`).not.toBeNull();
      expect(Number(at)).toBeGreaterThanOrEqual(before);
    }
    // Papers still open elsewhere stay open.
    const open = await approvedApplication(150, "Still here");
    await open.staffPost({ intent: "send-papers" });
    expect(await closedAt(open.id)).toBeNull();
  }, 60_000);

  it("leaves no half-signed state when the signing batch fails", async () => {
    const app = await approvedApplication(150, "Faulty");
    await app.staffPost({ intent: "send-papers" });
    const faults = injectFaults(t, { d1: [{ sql: /update "adoption_papers"/, message: permanentD1Error }] });
    let failed;
    try {
      failed = await app.sign(signature);
    } finally {
      faults.restore();
    }
    expect(failed.status).toBe(503);
    expect(faults.failures()).toBeGreaterThan(0);
    const papers = (await papersOf(app.id))!;
    expect(papers).toMatchObject({ signed_at: null, file_key: null, file_sha256: null, signed_name: null });
    expect(await storedKeys(`contracts/${String(papers.document_id)}`)).toEqual([]);
    const notes = await one<{ n: number }>("select count(*) as n from inbox_notes where application_id = ?", app.id);
    expect(notes!.n).toBe(0);
    // And it signs once D1 is back.
    expect((await app.sign(signature)).status).toBe(302);
  });
});

describe("the fee", () => {
  it("is recorded only by the webhook: one session with the fee and the gift, one receipt, then Mark adopted and the go-home e-mail", async () => {
    const app = await approvedApplication(150, "Payme");
    await app.staffPost({ intent: "send-papers" });
    const pay = (fields: Record<string, string>) =>
      respond(
        t,
        checkoutAction,
        withCookies(postForm(`/applications/${app.id}/checkout`, { intent: "pay", ...fields }), app.adopter),
        { id: String(app.id) },
      );
    // Not before signing.
    expect((await pay({ gift: "25" })).status).toBe(409);
    await app.sign(signature);
    // Mark adopted is refused while the fee is unpaid.
    expect((await app.staffPost({ intent: "adopt", version: "2" })).status).toBe(409);
    expect((await pay({ gift: "other", giftOther: "abc" })).status).toBe(400);
    const started = await pay({ gift: "25" });
    expect(started.status).toBe(303);
    const id = started.headers.get("Location")!.split("/").pop()!;
    const session = standIn.sessions.get(id)!;
    expect(session.amount_total).toBe(17500);
    expect(session.line_items).toEqual([
      { description: "Adoption fee of Payme", amount_total: 15000 },
      { description: "Gift to Sequoia Humane Society", amount_total: 2500 },
    ]);
    // The return page alone records nothing, nor does a forged webhook.
    expect((await papersOf(app.id))!.fee_paid_at).toBeNull();
    const forged = JSON.stringify({
      id: "evt_forged",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, payment_status: "paid", status: "complete" } },
    });
    const refused = await deliver(
      new Request("http://localhost/webhooks/stripe", {
        method: "POST",
        body: forged,
        headers: { "Stripe-Signature": stripeSignature(forged, "whsec_wrong") },
      }),
    );
    expect(refused.status).toBe(400);
    expect((await papersOf(app.id))!.fee_paid_at).toBeNull();

    const paid = await fetch(`${standIn.url}/pay/${id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await t.settle();
    expect(await papersOf(app.id)).toMatchObject({
      fee_paid_method: "online",
      fee_paid_cents: 15000,
      gift_cents: 2500,
      checkout_session_id: id,
    });
    const gift = await one<Record<string, unknown>>("select * from gifts where checkout_session_id = ?", id);
    expect(gift).toMatchObject({ amount_cents: 2500, fund: "general", kind: "one_time" });
    // The provider sends the event again: nothing twice.
    const last = standIn.sent.at(-1)!;
    await deliver(
      new Request("http://localhost/webhooks/stripe", {
        method: "POST",
        body: last.body,
        headers: { "Stripe-Signature": last.signature },
      }),
    );
    const receipts = (await outboxTo(app.account.email)).filter((mail) => mail.subject.includes("receipt"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Adoption fee of Payme: $150.00 (not tax-deductible)");
    expect(receipts[0]!.text).toContain("Gift to the shelter: $25.00 (tax-deductible)");
    expect(receipts[0]!.text).toContain("EIN: 94-0000000");
    const back = (await app.checkout(app.adopter, "?paid=1")).data as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(back.fee.paid).not.toBeNull();

    // Both hold: Mark adopted, and the go-home e-mail.
    expect((await app.staffPost({ intent: "adopt", version: "2" })).status).toBe(302);
    const goHome = (await outboxTo(app.account.email)).at(-1)!;
    expect(goHome.subject).toBe("Your application to adopt Payme: adopted");
    expect(goHome.text).toContain(`/papers/${String((await papersOf(app.id))!.id)}/contract`);
    expect(goHome.text).toContain("The first week with Payme:");
    expect(goHome.text).toContain("Adoption fee: $150.00, online");
  });

  it("refunded at the provider: the webhook's signed charge.refunded records it, and Mark adopted waits until it is paid again", async () => {
    const app = await approvedApplication(100, "Refundme");
    await app.staffPost({ intent: "send-papers" });
    await app.sign(signature);
    const started = await respond(
      t,
      checkoutAction,
      withCookies(postForm(`/applications/${app.id}/checkout`, { intent: "pay", gift: "10" }), app.adopter),
      { id: String(app.id) },
    );
    const session = started.headers.get("Location")!.split("/").pop()!;
    expect((await fetch(`${standIn.url}/pay/${session}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
    await t.settle();
    const paid = (await papersOf(app.id))!;
    expect(paid).toMatchObject({ fee_paid_method: "online", fee_refunded_at: null });
    expect((await app.staffItem()).papers).toMatchObject({ complete: true, refunded: null });

    // Staff refund at the provider; its signed webhook is the only recorder.
    const { createPayments } = await import("#app/services/payments.server");
    await createPayments(t.context.config.payments!).refund(String(paid.payment_intent_id), {
      reason: "changed plans",
    });
    const event = standIn.sent.at(-1)!;
    expect(event).toMatchObject({ type: "charge.refunded", status: 200 });
    const refunded = (await papersOf(app.id))!;
    expect(refunded.fee_refunded_cents).toBe(11000);
    expect(refunded.fee_refunded_at).not.toBeNull();
    // The gift line was part of the refunded payment: it counts as refunded too, out of the gift totals.
    const giftLine = await one<Record<string, unknown>>(
      "select gift_payments.* from gift_payments join gifts on gifts.id = gift_payments.gift_id where gifts.checkout_session_id = ?",
      session,
    );
    expect(giftLine).toMatchObject({ amount_cents: 1000, refunded_cents: 1000 });
    expect(giftLine!.refunded_at).not.toBeNull();
    // Sent again: nothing changes.
    await deliver(
      new Request("http://localhost/webhooks/stripe", {
        method: "POST",
        body: event.body,
        headers: { "Stripe-Signature": event.signature },
      }),
    );
    expect(await papersOf(app.id)).toEqual(refunded);

    // The inbox item shows it; Mark adopted is neither offered nor accepted.
    const item = (await app.staffItem()).papers!;
    expect(item).toMatchObject({ complete: false, paid: null, refunded: { amount: "$110.00" } });
    expect((await app.staffPost({ intent: "adopt", version: "2" })).status).toBe(409);
    const page = (await app.checkout()).data as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(page.fee.paid).toBeNull();

    // Paid again at the desk: complete, and the pet goes home.
    expect((await app.staffPost({ intent: "desk-payment", method: "card", receipt: "R-2001" })).status).toBe(302);
    expect((await app.staffItem()).papers).toMatchObject({
      complete: true,
      refunded: null,
      paid: { receipt: "R-2001" },
    });
    expect((await app.staffPost({ intent: "adopt", version: "2" })).status).toBe(302);
  });

  it("paid at pick-up is recorded by staff with a receipt number", async () => {
    const app = await approvedApplication(120, "Desk");
    await app.staffPost({ intent: "send-papers" });
    await app.sign(signature);
    expect((await app.staffPost({ intent: "desk-payment", method: "cash", receipt: "" })).status).toBe(400);
    expect((await app.staffPost({ intent: "desk-payment", method: "cash", receipt: "R-1001" })).status).toBe(302);
    expect(await papersOf(app.id)).toMatchObject({ fee_paid_method: "cash", fee_receipt_number: "R-1001" });
    expect((await app.staffPost({ intent: "desk-payment", method: "card", receipt: "R-1002" })).status).toBe(409);
    const receipt = (await outboxTo(app.account.email)).at(-1)!;
    expect(receipt.text).toContain("receipt number R-1001");
    expect(receipt.text).not.toContain("EIN");
    expect((await app.staffPost({ intent: "adopt", version: "2" })).status).toBe(302);
  });

  it("a $0 fee needs no payment; a paper contract's scan is stored like the e-signed file", async () => {
    const app = await approvedApplication(0, "Free");
    await app.staffPost({ intent: "send-papers" });
    expect((await app.staffItem()).papers?.complete).toBe(false);
    const scan = new FormData();
    scan.set("intent", "paper-signed");
    scan.set("scan", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "scan.pdf", { type: "application/pdf" }));
    const request = withCookies(
      new Request(`http://localhost/petadmin/inbox/application/${app.id}`, { method: "POST", body: scan }),
      staff,
    );
    expect((await respond(t, itemAction, request, { id: String(app.id) })).status).toBe(302);
    const papers = (await papersOf(app.id))!;
    expect(papers).toMatchObject({ signing_method: "paper", file_type: "application/pdf" });
    expect(String(papers.file_key)).toMatch(/^scans\//);
    expect((await app.staffItem()).papers).toMatchObject({ complete: true, fileCheck: "matches" });
    expect((await app.sign(signature)).status).toBe(302);
    expect((await papersOf(app.id))!.signing_method).toBe("paper");
    expect((await app.staffPost({ intent: "adopt", version: "2" })).status).toBe(302);
  });
});

describe("the pet's Newly adopted panel", () => {
  it("points to the application while its papers are out, and records a walk-in's paper contract", async () => {
    const app = await approvedApplication(150, "Pointer");
    await app.staffPost({ intent: "send-papers" });
    const view = async (petId: number) =>
      (
        (await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${petId}`), staff))).data as {
          papers: { applicationId: number | null; walkIns: { download: string }[] };
        }
      ).papers;
    expect((await view(app.pet.id)).applicationId).toBe(app.id);

    const walkIn = await insertPet(t.env.DB, { name: "Walkin", adoptionFee: 90 });
    const form = new FormData();
    form.set("intent", "walk-in-papers");
    form.set("petId", String(walkIn.id));
    form.set("version", String(walkIn.version));
    form.set("scan", new File([new Uint8Array([0xff, 0xd8, 0xff])], "scan.jpg", { type: "image/jpeg" }));
    const posted = await respond(
      t,
      editAction,
      withCookies(new Request("http://localhost/petadmin/edit", { method: "POST", body: form }), staff),
    );
    expect(posted.status).toBe(302);
    const papers = await one<Record<string, unknown>>("select * from adoption_papers where pet_id = ?", walkIn.id);
    expect(papers).toMatchObject({
      application_id: null,
      signing_method: "paper",
      file_type: "image/jpeg",
      fee_cents: 9000,
    });
    const panel = await view(walkIn.id);
    expect(panel.applicationId).toBeNull();
    expect(panel.walkIns).toHaveLength(1);
    // Not a PDF or photo: refused, nothing stored.
    form.set("scan", new File(["hello"], "notes.txt", { type: "text/plain" }));
    const refused = await respond(
      t,
      editAction,
      withCookies(new Request("http://localhost/petadmin/edit", { method: "POST", body: form }), staff),
    );
    expect(refused.status).toBe(400);
  });
});
