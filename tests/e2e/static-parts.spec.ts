import { expect, test } from "./fixtures";
import { expectPetDetails, expectStory, partScripts, scriptsLoaded } from "./static-parts-helpers";

test("the home page's story and the footer are in the page, and their code is not loaded with it", async ({
  page,
  javaScriptEnabled,
}) => {
  const loaded = scriptsLoaded(page);
  await page.goto("/");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expectStory(page);
  expect(loaded.filter((file) => partScripts.test(file))).toEqual([]);
});

test("a pet page's facts are in the page, and their code is not loaded with it", async ({
  page,
  javaScriptEnabled,
}) => {
  const loaded = scriptsLoaded(page);
  await page.goto("/adopt/pet?pet_id=1");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expectPetDetails(page, /\S/);
  expect(loaded.filter((file) => partScripts.test(file))).toEqual([]);
});
