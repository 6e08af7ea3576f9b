import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { demoPets } from "../../scripts/demo/pets";
import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";

const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;

/** Chromium's PDF of the page as printed (A4 and Letter alike), and its page count. */
async function printedPages(page: Page, format: "A4" | "Letter") {
  const pdf = await page.pdf({ format, printBackground: true });
  return (await PDFDocument.load(pdf)).getPageCount();
}

/** The QR codes read off the page as it prints (print media), as a phone would read the paper. */
async function qrCodesAsPrinted(page: Page) {
  await page.emulateMedia({ media: "print" });
  const texts: string[] = [];
  for (const code of await page.locator(".flyer__qr-code").all()) {
    const { data, info } = await sharp(await code.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    texts.push(found?.data ?? "(unreadable)");
  }
  await page.emulateMedia({ media: "screen" });
  return texts;
}

test("a pet's flyer from its page prints on one page, A4 or Letter, with a QR code to the pet's page", async ({
  page,
  visit,
}) => {
  const id = demoId("Figaro");
  await visit(`/adopt/pet?pet_id=${id}`);
  await page.getByRole("link", { name: "Print a flyer" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopt/flyer\\?pet_id=${id}$`));
  await visit(page.url());
  const flyer = page.getByRole("article", { name: "Adopt me: Figaro" });
  await expect(flyer.getByRole("heading", { name: "Why adopt me" })).toBeVisible();
  await expect(flyer.getByText("Shelter id")).toBeVisible();
  await expect(flyer.getByRole("img", { name: "Figaro", exact: true })).toBeVisible();

  expect(await printedPages(page, "Letter")).toBe(1);
  expect(await printedPages(page, "A4")).toBe(1);
  const [qr] = await qrCodesAsPrinted(page);
  expect(qr).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/adopt/pet\\?pet_id=${id}$`));
});

test("staff print several pets' flyers at once from Pet Admin, one page each", async ({ page, visit }) => {
  await signIn(page, "staff@example.com", "shelter-staff-2026");
  await expect(page).toHaveURL(/\/$/);
  await visit("/petadmin");
  await page.getByRole("link", { name: "Print kennel cards and flyers" }).click();
  await expect(page).toHaveURL(/\/petadmin\/flyers$/);
  await visit(page.url());
  await page.getByRole("checkbox", { name: /^Figaro / }).check();
  await page.getByRole("checkbox", { name: /^Gus / }).check();
  await page.getByRole("button", { name: "Show the chosen flyers to print" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopt/flyer\\?pet_id=${demoId("Figaro")}&pet_id=${demoId("Gus")}$`));
  await visit(page.url());
  await expect(page.getByRole("article")).toHaveCount(2);

  expect(await printedPages(page, "Letter")).toBe(2);
  expect(await printedPages(page, "A4")).toBe(2);
  const codes = await qrCodesAsPrinted(page);
  expect(codes.map((text) => new URL(text).search)).toEqual([
    `?pet_id=${demoId("Figaro")}`,
    `?pet_id=${demoId("Gus")}`,
  ]);
});
