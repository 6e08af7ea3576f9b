import { expect, expectAccessible, test } from "./fixtures";

/**
 * The audit every visit runs (axe, by the rules that can fail a test: tests/e2e/fixtures.ts) still finds
 * what it is there to find: a photo without a description, grey text on white, a heading that skips a level,
 * a link whose name leaves out the words it shows.
 * No server: the page is given its HTML.
 */
test("the accessibility audit fails a page with a photo without alt, faint text, a skipped heading level and a name without the link's words", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Audit</title></head><body><main>
    <h1>Pets</h1><h3>Ruby</h3>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1">
    <p style="color:#ccc;background:#fff">Faint</p>
    <a href="/adopt/dog" aria-label="Remove filter Large">Large (over 60 lbs)</a>
  </main></body></html>`);
  const failure = await expectAccessible(page).then(
    () => "no failure",
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("color-contrast");
  expect(failure).toContain("heading-order");
  expect(failure).toContain("label-content-name-mismatch");
});
