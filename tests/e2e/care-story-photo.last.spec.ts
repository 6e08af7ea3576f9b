import sharp from "sharp";
import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, test } from "./fixtures";
import { careAnswersOf, sendFollowUp } from "./own-data";
import { e2eState } from "./scheduled-run";
import { localAlertSecret } from "../../scripts/lib/local-worker";
import { answerTokenMessage } from "../../app/lib/care/answers";
import { signedToken } from "../../app/lib/email/alert-tokens";

/**
 * Issue 45 from a phone, JavaScript on and off: "All is well" with a photo. A wrong file is refused under
 * the field with the line kept; the photo stays private until staff approve the story in the inbox, then
 * the home page's story card shows it (lazy, with its size and an alt text naming the pet). It approves a
 * story on the home page, which other specs read: so it runs last (*.last), as care-record.last does.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('"All is well" with a photo: refused files keep the line; private until staff approve the story, then on the home page', async ({
  page,
  request,
  visit,
  signInAs,
  makePet,
}, info) => {
  test.setTimeout(300_000);
  const now = Date.now();
  const suffix = `${info.project.name}-${now}`;
  const adopter = demoAccounts.adopter;
  // The test's own pet, adopted by the demo adopter last week (never listed), and its three-day check-in
  // sent (made by the server: tests/e2e/own-data.ts). A name of each project's own ("Mabel qwerty").
  const pet = await makePet({
    name: info.project.name.startsWith("no-js") ? "Marigold" : "Mabel",
    adoptedBy: adopter.email,
    adoptedDaysAgo: 7,
  });
  const name = pet.name;
  const followUp = { petId: pet.id, email: adopter.email, kind: "check-in-3d", item: "" } as const;
  await sendFollowUp(request, { pet: pet.id, email: adopter.email, kind: followUp.kind });
  // The "All is well" link as the hourly run signs it (the run itself is tested in tests/integration/care-follow-ups.test.ts).
  const token = await signedToken(
    "care-follow-ups:answer:",
    answerTokenMessage(followUp, "well"),
    localAlertSecret(e2eState(info)),
  );
  const query = new URLSearchParams({
    pet: String(pet.id),
    email: followUp.email,
    kind: followUp.kind,
    item: followUp.item,
    answer: "well",
    token,
  });
  const link = `/care/answer?${query}`;
  const line = `${name} naps in the sun every afternoon (${suffix}).`;

  await visit(link);
  await page.getByLabel(/^A line about how it is going/).fill(line);
  const photoField = page.getByLabel(new RegExp(`^A photo of ${name} \\(optional`));
  await photoField.setInputFiles({ name: "notes.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await page.getByRole("button", { name: "All is well" }).click();
  // Refused under the field, tied to it; the line is kept.
  await expect(page.locator("#care-answer-photo-error")).toContainText("notes.gif is not a .jpg, .jpeg or .png file.");
  await expect(photoField).toHaveAttribute("aria-describedby", "care-answer-photo-error");
  await expect(page.getByLabel(/^A line about how it is going/)).toHaveValue(line);

  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#d9a441" } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(new RegExp(`^A photo of ${name} \\(optional`))
    .setInputFiles({ name: "sunny.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "All is well" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you! It is the best news we get.");

  // Private until approved: its public address answers "not found".
  const answer = (await careAnswersOf(request, pet.id)).find((stored) => stored.answer === "well");
  expect(answer!.photo).toMatch(/^story_[a-z0-9]{32}\.jpg$/);
  const copy = answer!.photo!.replace(/\.jpg$/, "-400w.webp");
  expect((await page.request.get(`/photos/${copy}`)).status()).toBe(404);

  // Staff see the photo where they approve stories, and approve it.
  await signInAs(demoAccounts.staff);
  await visit("/petadmin/inbox?kind=message");
  await page
    .getByRole("link")
    .filter({ hasText: `All is well with ${name}` })
    .click();
  const staffPhoto = page.getByRole("img", { name: `${name}, as the adopter sent it` });
  await expect(staffPhoto).toBeVisible();
  // Visible is not loaded: the picture counts once the browser has it whole (a CI run read it mid-load).
  await expect
    .poll(() => staffPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await page.getByRole("button", { name: "Approve as a story for the home page" }).click();
  await expect(page.getByRole("status")).toHaveText("The story now shows on the home page.");

  // On the home page, as any visitor: the photo with its size, lazy, right-sized copies and an alt naming the pet.
  await page.context().clearCookies();
  await visit("/");
  const story = page.locator(".testimonial", { hasText: suffix });
  await expect(story).toContainText(`Alex, who adopted ${name}`);
  const image = story.getByRole("img", { name: `${name} at home with the family who adopted them` });
  await expect(image).toHaveAttribute("width", "400");
  await expect(image).toHaveAttribute("height", "300");
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(story.locator("source[type='image/webp']")).toHaveAttribute("srcset", /-400w\.webp 400w/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  expect((await page.request.get(`/photos/${copy}`)).status()).toBe(200);
});
