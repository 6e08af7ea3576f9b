import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { formatMoney } from "../../app/lib/giving/money";
import { demoAccounts } from "../../scripts/demo/accounts";
import { pdfPageTexts } from "../integration/pdf-text";
import { logOut, signIn } from "./accounts-helpers";
import { approveApplication, fillAndSend } from "./application-helpers";
import { expect, test, type Account } from "./fixtures";
import { adoptionPapersOf, type OwnAdopter, type OwnAdopterOptions } from "./own-data";

/**
 * Issue 44 from a phone (the projects' 360 × 740 viewport), JavaScript on and off: staff send the adoption
 * papers from the inbox item, the adopter signs on /applications/:id/checkout (a typed name and the
 * ESIGN consent) and pays through the provider's stand-in, at the desk, or not at all (a $0 fee), and
 * staff mark the pet adopted (decision 070).
 *
 * Each test adds a pet and an adopter of its own (`makePet`, `makeAdopter`: made by the server,
 * tests/e2e/own-data.ts; published, the adopter applies for it as for any pet) and adopts it: so the
 * file runs after every other test (*.last.spec.ts), one test at a time. The stored papers' hashes are
 * read through the server too (`adoptionPapersOf`, a test application's only).
 */
test.describe.configure({ mode: "default" });
test.use({ actionTimeout: 20_000 });

type SignIn = (account: Account) => Promise<void>;
type MakeAdopter = (options: OwnAdopterOptions) => Promise<OwnAdopter>;

/**
 * A new adopter of the test's own (a confirmed account in `language`, made by the server and signed in,
 * tests/e2e/own-data.ts) applies for the pet; staff approve it (the pet is held for them). Leaves staff
 * signed in, on the application's inbox item.
 */
async function approvedApplication(
  page: Page,
  info: TestInfo,
  { signInAs, makeAdopter }: { signInAs: SignIn; makeAdopter: MakeAdopter },
  petId: number,
  pet: string,
  language: "en" | "es" = "en",
) {
  const adopter = await makeAdopter({ firstName: "Paula", lastName: "Peñalosa", language });
  await page.goto(`/adopt/pet?pet_id=${petId}`);
  await page.getByRole("link", { name: `Apply to adopt ${pet}` }).click();
  await fillAndSend(page);
  const applicationId = Number(new URL(page.url()).searchParams.get("sent"));
  await logOut(page);

  await signInAs(demoAccounts.staff);
  await page.goto(`/petadmin/inbox/application/${applicationId}`);
  await approveApplication(page, pet, info.project.use.javaScriptEnabled !== false);
  return { adopter, applicationId, inboxItem: `/petadmin/inbox/application/${applicationId}` };
}

/** Staff send the papers from the inbox item (the fee as quoted, or waived with `waivedReason`); then sign out. */
async function sendPapers(page: Page, inboxItem: string, expectedQuote: RegExp, waivedReason?: string) {
  await page.goto(inboxItem);
  const panel = page.getByRole("region", { name: "Adoption papers" });
  await expect(panel).toContainText(expectedQuote);
  if (waivedReason) {
    await panel.getByLabel("Waive the fee").check();
    await panel.getByLabel("Why the fee is waived (if waived)").fill(waivedReason);
  }
  await panel.getByRole("button", { name: "Send adoption papers" }).click();
  await expect(page.getByRole("status")).toContainText("Adoption papers sent. We emailed the adopter");
  await page.goto("/");
  await logOut(page);
}

/** The newest message to `email` in the outbox whose subject is `subject`. */
async function outboxMessage(page: Page, email: string, subject: string | RegExp) {
  await page.goto("/dev/outbox");
  const message = page
    .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  await expect(message).toBeVisible();
  return message;
}

/** The adopter's language on the checkout page, and the words the test reads there. */
const words = {
  en: {
    prefix: "",
    signAndPay: "Sign and pay",
    forPet: (pet: string) => `for ${pet}`,
    sign: "Sign",
    consent: "I agree to sign electronically",
    name: "Type your full name to sign",
    signButton: "Sign the adoption contract",
    signed: /^Contract signed, /,
    download: "Download the signed contract (PDF)",
    otherAmount: "Another amount",
    otherAmountField: "Another amount (whole dollars)",
    pay: (amount: string) => `Pay ${amount} now`,
    paid: "Thank you: your payment is received. We e-mailed you the receipt.",
    waived: "The adoption fee is waived: there is nothing to pay.",
    receipt: (pet: string) => `Your payment for ${pet}'s adoption: receipt`,
    notDeductible: "not tax-deductible",
    gift: "Gift to the shelter",
    firstWeek: (pet: string) => `The first week with ${pet}:`,
  },
  es: {
    prefix: "/es",
    signAndPay: "Firmar y pagar",
    forPet: (pet: string) => `de ${pet}`,
    sign: "Firmar",
    consent: "Acepto firmar electrónicamente",
    name: "Escribe tu nombre completo para firmar",
    signButton: "Firmar el contrato de adopción",
    signed: /^Contrato firmado, /,
    download: "Descargar el contrato firmado (PDF)",
    otherAmount: "Otra cantidad",
    otherAmountField: "Otra cantidad (dólares enteros)",
    pay: (amount: string) => `Pagar ${amount} ahora`,
    paid: "Gracias: recibimos tu pago. Te enviamos el recibo por correo.",
    waived: "No se cobra la cuota de adopción: no hay nada que pagar.",
    receipt: (pet: string) => `Tu pago por la adopción de ${pet}: recibo`,
    notDeductible: "no deducible de impuestos",
    gift: "Donativo al refugio",
    firstWeek: (pet: string) => `La primera semana con ${pet}:`,
  },
} as const;
type Language = keyof typeof words;

/**
 * The adopter, signed in, opens the checkout from /applications and signs: the consent box and the
 * name as the application has it (here typed in another case with extra spaces, which is accepted).
 */
async function signContract(
  page: Page,
  visit: (path: string) => Promise<void>,
  adopter: { email: string; password: string },
  applicationId: number,
  pet: string,
  language: Language,
  link: "signAndPay" | "sign",
) {
  const say = words[language];
  await signIn(page, adopter.email, adopter.password);
  await visit(`${say.prefix}/applications`);
  // The link names its pet for a screen reader ("Sign and pay for Quince").
  await page.getByRole("link", { name: `${say[link]} ${say.forPet(pet)}`, exact: true }).click();
  const checkout = `${say.prefix}/applications/${applicationId}/checkout`;
  await expect(page).toHaveURL(new RegExp(`${checkout}$`));
  await visit(checkout);
  await page.getByLabel(say.consent).check();
  await page.getByLabel(say.name).fill("  paula   PEÑALOSA ");
  await page.getByRole("button", { name: say.signButton }).click();
  await expect(page).toHaveURL(new RegExp(`${checkout}\\?signed=1$`));
  await visit(page.url());
  await expect(page.getByText(say.signed)).toBeVisible();
}

/** Staff mark the pet adopted from the inbox item (offered now that the papers are complete). */
async function markAdopted(page: Page, signInAs: SignIn, inboxItem: string, pet: string) {
  await signInAs(demoAccounts.staff);
  await page.goto(inboxItem);
  await page.getByRole("button", { name: `Mark ${pet} adopted` }).click();
  await expect(page.getByRole("status")).toContainText("Marked adopted: the pet is newly adopted by the applicant.");
}

for (const language of ["en", "es"] as const) {
  test(`staff send the papers; the adopter signs and pays online with a gift (${language === "en" ? "English" : "Spanish"}); the signed PDF, the receipt and the go-home e-mail; staff mark adopted`, async ({
    page,
    visit,
    signInAs,
    makePet,
    makeAdopter,
  }, info) => {
    // Four people's pages on a phone, most audited with axe, and the provider's page: a few minutes on a busy machine.
    test.setTimeout(300_000);
    const say = words[language];
    const money = (dollars: number) => formatMoney(dollars * 100, "usd", language);
    const { id: petId, name: pet } = await makePet({
      name: { en: "Quince", es: "Quesadilla" }[language],
      adoptionFee: 85,
    });
    const { adopter, applicationId, inboxItem } = await approvedApplication(
      page,
      info,
      { signInAs, makeAdopter },
      petId,
      pet,
      language,
    );
    await sendPapers(page, inboxItem, /Fee: \$85\.00 due\./);
    await expect(
      (
        await outboxMessage(
          page,
          adopter.email,
          language === "en" ? `Your adoption papers for ${pet}` : `Tus papeles de adopción de ${pet}`,
        )
      ).locator(".outbox__body"),
    ).toContainText(`/applications/${applicationId}/checkout`);

    await signContract(page, visit, adopter, applicationId, pet, language, "signAndPay");

    // The signed PDF: the typed name, the pet's name, and on its last page the SHA-256 of the signed text.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: say.download }).click();
    const pdf = new Uint8Array(await readFile((await (await downloading).path())!));
    const [stored] = await adoptionPapersOf(page.request, applicationId);
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(stored!.fileSha256);
    const pages = await pdfPageTexts(pdf);
    const text = pages.join("\n");
    expect(text).toContain(pet);
    // The name as typed (its case kept; the PDF's lines join words with one space).
    expect(stored!.signedName!.split(/\s+/).filter(Boolean).join(" ")).toBe("paula PEÑALOSA");
    expect(text).toContain("\npaula PEÑALOSA\n");
    expect(stored!.signedTextSha256!).toMatch(/^[0-9a-f]{64}$/);
    expect(pages.at(-1)).toContain(stored!.signedTextSha256!);
    expect(pages.at(-1)).toContain(adopter.email);

    // The fee and a gift of $15, one payment through the provider's stand-in.
    await page.getByRole("radio", { name: say.otherAmount, exact: true }).check();
    await page.getByLabel(say.otherAmountField).fill("15");
    await page.getByRole("button", { name: say.pay(money(85)) }).click();
    await expect(page.getByRole("heading", { name: "Payment provider stand-in" })).toBeVisible();
    await expect(page.getByTestId("amount")).toHaveText("100.00 USD");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`${say.prefix}/applications/${applicationId}/checkout\\?paid=1$`));
    await visit(page.url());
    await expect(page.getByRole("status")).toHaveText(say.paid);

    // The receipt: the fee (not deductible) and the gift on their own lines.
    const receipt = (await outboxMessage(page, adopter.email, say.receipt(pet))).locator(".outbox__body");
    await expect(receipt).toContainText(`${pet}: ${money(85)} (${say.notDeductible})`);
    await expect(receipt).toContainText(`${say.gift}: ${money(15)}`);

    // Staff see it signed and paid, and mark the pet adopted.
    await page.goto("/");
    await logOut(page);
    await signInAs(demoAccounts.staff);
    await visit(inboxItem);
    const panel = page.getByRole("region", { name: "Adoption papers" });
    await expect(panel).toContainText("Contract signed electronically by");
    await expect(panel).toContainText("The stored file matches its hash");
    await expect(panel).toContainText("Fee paid (online)");
    await expect(panel).toContainText("With a gift of $15.00.");
    await markAdopted(page, signInAs, inboxItem, pet);

    // The go-home e-mail, in the adopter's language: the signed contract's link and the first week's guide.
    await page.goto("/dev/outbox");
    const goHome = page
      .locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: adopter.email }) })
      .filter({ hasText: say.firstWeek(pet) });
    await expect(goHome).toHaveCount(1);
    await expect(goHome.locator(".outbox__body")).toContainText(/\/papers\/\d+\/contract/);
  });
}

test('"Pay at pick-up": the adopter signs, staff record the fee paid at the desk with a receipt number, then mark adopted', async ({
  page,
  visit,
  signInAs,
  makePet,
  makeAdopter,
}, info) => {
  test.setTimeout(300_000);
  const { id: petId, name: pet } = await makePet({ name: "Dewdrop", adoptionFee: 60 });
  const { adopter, applicationId, inboxItem } = await approvedApplication(
    page,
    info,
    { signInAs, makeAdopter },
    petId,
    pet,
  );
  await sendPapers(page, inboxItem, /Fee: \$60\.00 due\./);
  await signContract(page, visit, adopter, applicationId, pet, "en", "signAndPay");
  // Not paid yet: the page offers paying now, or at pick-up.
  await expect(page.getByText(/^Or pay at pick-up/)).toBeVisible();
  await page.goto("/");
  await logOut(page);

  await signInAs(demoAccounts.staff);
  await visit(inboxItem);
  // Not complete yet: no "Mark adopted".
  await expect(page.getByRole("button", { name: `Mark ${pet} adopted` })).toHaveCount(0);
  const desk = page.locator("#desk-payment");
  await desk.getByLabel("Paid with").selectOption("cash");
  await desk.getByLabel("Receipt number").fill(`R-${info.project.name}-0042`);
  await desk.getByRole("button", { name: "Record the fee paid at pick-up" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await visit(page.url());
  const panel = page.getByRole("region", { name: "Adoption papers" });
  await expect(panel).toContainText(`Fee paid (cash, R-${info.project.name}-0042)`);
  const receipt = (await outboxMessage(page, adopter.email, `Your payment for ${pet}'s adoption: receipt`)).locator(
    ".outbox__body",
  );
  await expect(receipt).toContainText(`receipt number R-${info.project.name}-0042`);
  await markAdopted(page, signInAs, inboxItem, pet);

  // The adopter's checkout page says it is paid at the desk.
  await page.context().clearCookies();
  await signIn(page, adopter.email, adopter.password);
  await visit(`/applications/${applicationId}/checkout`);
  await expect(page.getByText(/^Fee of \$60\.00 paid \(cash\)/)).toBeVisible();
});

test("a $0 fee (waived with a reason): the adopter only signs, and staff mark adopted", async ({
  page,
  visit,
  signInAs,
  makePet,
  makeAdopter,
}, info) => {
  test.setTimeout(300_000);
  const { id: petId, name: pet } = await makePet({ name: "Zinnia", adoptionFee: 75 });
  const { adopter, applicationId, inboxItem } = await approvedApplication(
    page,
    info,
    { signInAs, makeAdopter },
    petId,
    pet,
  );
  await sendPapers(page, inboxItem, /Fee: \$75\.00 due\./, "A senior cat going home with a senior adopter.");
  // The adopter's part in Spanish: "Firmar" alone, nothing to pay.
  await signContract(page, visit, adopter, applicationId, pet, "es", "sign");
  await expect(page.getByText(words.es.waived)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pagar/ })).toHaveCount(0);
  await page.goto("/");
  await logOut(page);

  await signInAs(demoAccounts.staff);
  await visit(inboxItem);
  const panel = page.getByRole("region", { name: "Adoption papers" });
  await expect(panel).toContainText("Fee waived: A senior cat going home with a senior adopter.");
  await expect(panel).toContainText("No fee to pay.");
  await markAdopted(page, signInAs, inboxItem, pet);
});
