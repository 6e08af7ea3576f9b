import { expect, expectAccessible, test } from "./fixtures";

// With JavaScript a form posts to its single-fetch URL; a body over the limit (decision 028) is
// refused there too, and the page shows the friendly 413, not Remix's "Something went wrong" (issue 22).
test("a form too large to accept shows the friendly 413 page when JavaScript sent it", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const form = page.locator("form#contact");
  await form.getByLabel("Your name").fill("Ana Ruiz");
  await form.getByLabel("Email").fill("ana@example.com");
  await form.getByLabel("Message").fill("I would like to meet Luna this weekend.");
  // What no field of ours lets anyone type: 100 KB more in the form, past the 64 KB limit.
  await form.evaluate((element) => {
    const extra = document.createElement("input");
    extra.type = "hidden";
    extra.name = "padding";
    extra.value = "x".repeat(100 * 1024);
    element.appendChild(extra);
  });
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await form.getByRole("button", { name: "Send message" }).click();
  const response = await answer;
  expect(response.status()).toBe(413);
  expect(new URL(response.url()).pathname).toBe("/_root.data");
  await expect(page.getByRole("heading", { level: 1, name: "This form was too large to accept" })).toBeVisible();
  await expect(page.getByText("nothing was saved")).toBeVisible();
  await expectAccessible(page);
});
