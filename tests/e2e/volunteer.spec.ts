import { demoAccounts } from "../../scripts/demo/accounts";
import { uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

test("a stranger applies for Social Media, confirms the address by the emailed link, and staff mark the application contacted", async ({
  page,
  visit,
  signInAs,
  javaScriptEnabled,
}, info) => {
  // Five pages, each checked by axe (twice without JavaScript), on a shared machine.
  test.setTimeout(90_000);
  const email = uniqueEmail(info, "volunteer");
  const name = `Vol ${info.project.name} ${Date.now()}`;
  await visit("/volunteer");
  await expect(page.getByRole("link", { name: "Apply for this: Social Media" })).toHaveAttribute(
    "href",
    "/volunteer/apply?role=social-media",
  );
  await visit("/volunteer/apply?role=social-media");
  await expect(page.getByLabel("Role")).toHaveValue("social-media");

  // A refused post keeps what was typed and says what is missing.
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("707 555 0199");
  await page.getByLabel("I am 18 or older").check();
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "1 answer needs a change" })).toBeVisible();
  await expect(page.getByText("Tick at least one time you could come").first()).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue(name);

  await page.getByLabel("Saturday morning").check();
  await page.getByLabel("Wednesday evening").check();
  await page.getByLabel("Photography and writing").check();
  await page.getByLabel("I am 18 or older").check();
  await page.getByLabel("Anything else you would like us to know (optional)").fill("I can bring my own camera.");
  await page.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByRole("status")).toContainText("follow the link in our email");

  await page.goto("/dev/outbox");
  const mail = page.locator(".outbox__message", { has: page.locator(".outbox__to", { hasText: email }) }).first();
  const link = new URL(
    (await mail.locator('.outbox__body a[href*="/volunteer/confirm"]').first().getAttribute("href"))!,
  );
  await visit(link.pathname + link.search);
  await page.getByRole("button", { name: "Confirm my application" }).click();
  await expect(page.getByRole("status")).toContainText("your application is confirmed");

  await signInAs(demoAccounts.staff);
  await visit("/petadmin/inbox");
  await page.getByLabel("Kind").selectOption("volunteer");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/kind=volunteer/);
  await page.getByRole("link", { name: new RegExp(`Volunteering: Social Media.*${name}`) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Volunteer application from ${name}`);
  await expect(page.getByText("Wed evening, Sat morning")).toBeVisible();
  // The decision is below the answers, and asks first (issue 40): a dialog with JavaScript, the page at ?confirm= without.
  await page.getByRole("region", { name: "Decision" }).getByRole("button", { name: "Mark contacted…" }).click();
  const question = page.getByRole(javaScriptEnabled ? "dialog" : "region", { name: `Mark ${name} “Contacted”?` });
  await expect(question).toContainText(`${name} is emailed about it at once`);
  await question.getByRole("button", { name: "Mark contacted", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Now “Contacted”");
  await visit(page.url());
  await expect(page.getByRole("button", { name: "Welcome as a volunteer…" })).toBeVisible();
});
