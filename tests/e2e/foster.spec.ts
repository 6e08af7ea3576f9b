import sharp from "sharp";
import { demoAccounts } from "../../scripts/demo/accounts";
import { logOut, registerAccount, uniqueEmail } from "./accounts-helpers";
import { expect, test } from "./fixtures";

test("a visitor applies to foster a named pet, keeping a draft; staff approve them and place the pet; the foster posts a note; staff approve it; the pet's page shows it", async ({
  page,
  visit,
  signInAs,
  javaScriptEnabled,
}, info) => {
  // Registration, the long form twice, the inbox, the placement and the note: each page checked by axe, on a shared machine.
  test.setTimeout(180_000);
  const account = {
    email: uniqueEmail(info, "foster"),
    password: "a-foster-password-1",
    firstName: "Frankie",
    lastName: `Foster${info.project.name}`,
  };
  await registerAccount(page, account, { confirm: true });

  await visit("/foster?species=cat");
  // Each project its own cat, so the two runs never place the same pet.
  const card = page.locator(".pet-card").nth(info.project.name === "js" ? 0 : 1);
  const petName = ((await card.locator(".pet-card__name").textContent()) ?? "").trim();
  const link = card.getByRole("link", { name: `Foster ${petName}` });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/foster\/apply\?pet_id=\d+$/);
  await visit(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Apply to foster ${petName}`);
  await expect(page.getByLabel("Full name")).toHaveValue(`Frankie Foster${info.project.name}`);

  await page.getByLabel("City").fill("Arcata");
  await page.getByLabel("Cats", { exact: true }).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Your draft is saved");
  await visit(href);
  await expect(page.getByLabel("City")).toHaveValue("Arcata");
  await expect(page.getByLabel("Cats", { exact: true })).toBeChecked();

  await page.getByLabel("Phone", { exact: true }).fill("(707) 555-0190");
  await page.getByLabel("Street address").fill("12 Bay St");
  await page.getByLabel("State").fill("CA");
  await page.getByLabel("ZIP code").fill("95521");
  await page.getByLabel("Do you own or rent your home?").selectOption("I own it");
  await page.getByLabel("If you rent: does your landlord allow foster pets?").selectOption("Not applicable");
  await page.getByLabel("Adults in the home (you included)").fill("2");
  await page.getByLabel("Children in the home").fill("0");
  await page.getByLabel("Are they spayed or neutered?").selectOption("I have no other pets");
  await page.getByLabel("Are their vaccinations up to date?").selectOption("I have no other pets");
  await page.getByLabel("Dogs you could take at once").fill("0");
  await page.getByLabel("Cats you could take at once").fill("2");
  await page.getByLabel("Can you bring a pet to the shelter and the vet?").selectOption("I have a car");
  await page.getByLabel(/^My answers are true/).check();
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page).toHaveURL(/\/applications\?sent=foster$/);
  const panel = page.getByRole("region", { name: /Foster application/ });
  await expect(panel).toContainText("Applied");
  await expect(panel).toContainText(`You asked about ${petName}`);

  await logOut(page);
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/inbox?kind=foster");
  await page
    .getByRole("link", {
      name: new RegExp(`Fostering \\(asked about ${petName}\\).*\\(${account.email.replace(/[.]/g, "\\.")}\\)`),
    })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `Foster application from Frankie Foster${info.project.name}`,
  );
  await expect(page.getByText("Cats", { exact: true })).toBeVisible();
  // The phone number calls; the decision is below the answers and asks first (issue 40).
  await expect(page.getByRole("link", { name: "(707) 555-0190" }).first()).toHaveAttribute("href", "tel:7075550190");
  await page.getByRole("region", { name: "Decision" }).getByRole("button", { name: "Approve…" }).click();
  const question = page.getByRole(javaScriptEnabled ? "dialog" : "region", {
    name: `Mark Frankie Foster${info.project.name} “Approved”?`,
  });
  await expect(question).toContainText(`is emailed about it at once, at ${account.email}`);
  await question.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Now “Approved”");
  await visit(page.url());
  await expect(page.getByRole("button", { name: "On a break…" })).toBeVisible();

  // On the roster for cats, with the places asked for.
  await visit("/petadmin/fosters");
  await page.getByLabel("Species").selectOption("cats");
  await page.getByLabel("Places at least").fill("2");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/species=cats&places=2/);
  await expect(
    page.getByRole("list", { name: "Approved fosters" }).getByRole("listitem").filter({ hasText: account.email }),
  ).toContainText("places: 0 dogs (0 free), 2 cats (2 free)");

  // Staff place the pet with the new foster from its page; it stays listed, "In a foster home".
  const petId = new URL(href, "http://x").searchParams.get("pet_id")!;
  const fosterName = `Frankie Foster${info.project.name}`;
  await visit(`/petadmin/edit?pet_id=${petId}&tab=description`);
  const panel2 = page.getByRole("region", { name: "Foster placements" });
  await panel2.getByLabel("Foster", { exact: true }).selectOption({ label: fosterName });
  await expect(panel2.getByLabel(/Stays listed for adoption/)).toBeChecked();
  await panel2.getByRole("button", { name: `Place ${petName}` }).click();
  await expect(page.getByRole("region", { name: "Foster placements" }).getByRole("status")).toHaveText(
    "The pet is placed with the foster.",
  );
  await expect(page.getByRole("region", { name: "Foster placements" })).toContainText(`With ${fosterName} from`);
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    `Placed with foster ${fosterName} (still listed for adoption)`,
  );
  // One of the foster's two cat places is taken now.
  await visit("/petadmin/fosters");
  await expect(
    page.getByRole("list", { name: "Approved fosters" }).getByRole("listitem").filter({ hasText: account.email }),
  ).toContainText("2 cats (1 free)");

  // The foster writes about the pet at home, with a photo.
  await logOut(page);
  await signInAs(account);
  await visit("/foster/pets");
  const placement = page.getByRole("region", { name: petName });
  const note = `${petName} is house-trained and naps with our old cat (${info.project.name}).`;
  await placement.getByLabel(`What is ${petName} like at home?`).fill(note);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#6a4" } })
    .jpeg()
    .toBuffer();
  await placement
    .getByLabel(/^Photos \(up to 3/)
    .setInputFiles({ name: "sofa.jpg", mimeType: "image/jpeg", buffer: photo });
  await placement.getByRole("button", { name: `Send the note about ${petName}` }).click();
  await expect(page.getByRole("status")).toContainText("your note is with the shelter");
  await expect(page.getByRole("region", { name: petName })).toContainText("Waiting for the shelter");
  await expect(page.getByRole("region", { name: petName })).toContainText(
    "With 1 photo, shown once the shelter approves the note.",
  );
  // Sent, the box is empty again, with JavaScript as without (issue 40): nothing invites a second copy.
  await expect(page.getByRole("region", { name: petName }).getByLabel(`What is ${petName} like at home?`)).toHaveValue(
    "",
  );

  // Not on the pet's page until staff approve it.
  await logOut(page);
  await visit(`/adopt/pet?pet_id=${petId}`);
  await expect(page.getByText("In a foster home", { exact: true })).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);

  await signInAs(demoAccounts.staff);
  await visit("/petadmin/fosters");
  const waiting = page
    .getByRole("list", { name: "Foster notes waiting" })
    .getByRole("listitem")
    .filter({ hasText: note });
  // Staff see the note's photo before they decide (issue 39): it loads.
  const staffPhoto = waiting.getByRole("img", { name: `${petName} at the foster home (1)` });
  await expect(staffPhoto).toBeVisible();
  await expect
    .poll(() => staffPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await waiting.getByRole("button", { name: `Approve the note on ${petName}` }).click();
  await expect(page.getByRole("status")).toHaveText("The note is approved: it shows on the pet's page.");

  // A visitor reads it on the pet's page, with the photo.
  await logOut(page);
  await visit(`/adopt/pet?pet_id=${petId}`);
  const fromHome = page.getByRole("region", { name: "From the foster home" });
  await expect(fromHome).toContainText(note);
  const publicPhoto = fromHome.getByRole("img", { name: `${petName} at the foster home (1)` });
  await expect(publicPhoto).toBeVisible();
  // The photo is served to the public now that its note is approved (the old page pointed at the never-served original).
  await expect
    .poll(() => publicPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
});

test.describe("on a 390 × 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("placing a pet with a foster: the radios are the size of a radio and the button has room above it (issue 40)", async ({
    page,
    visit,
    signInAs,
  }) => {
    // Signing in and the roster's axe check, on a shared machine.
    test.setTimeout(90_000);
    await signInAs(demoAccounts.staff);
    await visit("/petadmin/fosters");
    const form = page.getByRole("form", { name: "Place a pet with a foster" });
    await expect(form).toBeVisible();
    for (const label of [/Stays listed for adoption/, /Not listed for adoption/]) {
      const radio = form.getByLabel(label);
      const box = (await radio.boundingBox())!;
      expect(box.width, String(label)).toBeLessThan(40);
      expect(box.height, String(label)).toBeLessThan(40);
    }
    const fieldset = (await form.getByRole("group", { name: "While placed" }).boundingBox())!;
    const button = (await form.getByRole("button", { name: "Place the pet" }).boundingBox())!;
    expect(button.y - (fieldset.y + fieldset.height)).toBeGreaterThanOrEqual(8);
    // At its own width, not stretched across the phone.
    expect(button.width).toBeLessThan(300);
  });

  test("the foster application's checkboxes are all one size (issue 40)", async ({ page, visit }, info) => {
    // Registration and the long form's axe check, on a shared machine.
    test.setTimeout(90_000);
    const account = {
      email: uniqueEmail(info, "boxes"),
      password: "a-foster-password-1",
      firstName: "Bea",
      lastName: "Boxes",
    };
    await registerAccount(page, account, { confirm: true });
    await visit("/foster/apply");
    const boxes = page.locator('input[type="checkbox"]');
    expect(await boxes.count()).toBeGreaterThan(2);
    const sizes = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => {
        const rect = input.getBoundingClientRect();
        return `${Math.round(rect.width)}×${Math.round(rect.height)}`;
      }),
    );
    expect(new Set(sizes).size, sizes.join(", ")).toBe(1);
  });
});
