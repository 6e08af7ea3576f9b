import { statSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { demoAccounts } from "../demo/accounts";
import { realPhotos } from "./real-photos";

/** One real photograph, uploaded as a pet's only photo, and what a phone loads of it. */
export interface PhotoFigure {
  photo: string;
  credit: string;
  originalKb: number;
  originalPx: string;
  petId: number;
  /** The copy the pet page's first view loaded (its carousel's first photo), and its size as sent. */
  petPage: { copy: string; kb: number };
  /** The copy the pet's card on the species list loaded once in view, and its size as sent. */
  listCard: { copy: string; kb: number };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Staff upload each real photograph (scripts/lib/real-photos.ts) through the real pet form, without
 * JavaScript (the originals go up as they are), as the only photo of a new cat. Then a phone
 * (360×740 CSS px, DPR 2, Chromium: it takes AVIF) opens each pet's page and the cat list, and the
 * bytes of the photo copy it loaded are counted as they came over the wire.
 */
export async function measureRealPhotos(
  origin: string,
  chromiumPath: string,
  chromiumArgs: string[],
): Promise<PhotoFigure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const created = await uploadAll(browser, origin);
    const figures: PhotoFigure[] = [];
    for (const pet of created) {
      const petPage = await onPetPage(browser, origin, pet.petId);
      const listCard = await onList(browser, origin, pet.name);
      figures.push({ ...pet.figure, petId: pet.petId, petPage, listCard });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

async function uploadAll(browser: Browser, origin: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(demoAccounts.staff.email);
  await page.getByLabel("Password").fill(demoAccounts.staff.password);
  await page.getByRole("button", { name: "Continue" }).click();
  const created = [];
  for (const [index, photo] of realPhotos.entries()) {
    const name = `Real Photo ${index + 1}`;
    const { width, height } = await sharp(photo.file).metadata();
    await page.goto("/petadmin/create");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Pet id").fill(`BENCH-PHOTO-${Date.now()}-${index + 1}`);
    // What Publish asks for (decision 052): the phone sees the pet only once it is published.
    await page.getByLabel("Age (months)").fill("24");
    await page.getByLabel("Weight (lbs)").fill("9");
    await page.getByLabel("Sex").selectOption("Female");
    await page.getByLabel("Other breeds").fill("Domestic Shorthair");
    await page.getByLabel("Active level").selectOption("Moderately active");
    await page.getByRole("textbox", { name: "About" }).fill("A photograph for the benchmark.");
    await page.getByLabel(/^Add photos \(/).setInputFiles(photo.file);
    await page.getByRole("button", { name: "Upload pet" }).click();
    const petId = Number(new URL(page.url()).searchParams.get("created"));
    if (!petId) throw new Error(`uploading ${photo.file} did not create a pet (now at ${page.url()})`);
    await page.goto(`/petadmin/edit?pet_id=${petId}`);
    await page.getByRole("button", { name: `Publish ${name}` }).click();
    if (!new URL(page.url()).searchParams.has("done"))
      throw new Error(`${name} was not published (now at ${page.url()})`);
    created.push({
      name,
      petId,
      figure: {
        photo: path.basename(photo.file),
        credit: photo.credit,
        originalKb: kb(statSync(photo.file).size),
        originalPx: `${width}×${height}`,
      },
    });
  }
  await context.close();
  return created;
}

/** A phone's browsing context that records the size of every photo copy it loads. */
async function phone(browser: Browser, origin: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const loaded = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/photos/"))
      loaded.set(
        url.pathname,
        response.body().then(
          (body) => body.byteLength,
          () => -1,
        ),
      );
  });
  return { context, page, loaded };
}

async function copyLoadedBy(page: Page, loaded: Map<string, Promise<number>>, image: ReturnType<Page["locator"]>) {
  await image.scrollIntoViewIfNeeded();
  await image.evaluate((element: HTMLImageElement) =>
    element.complete ? null : new Promise((resolve) => element.addEventListener("load", resolve, { once: true })),
  );
  const current = new URL(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).pathname;
  const bytes = await loaded.get(current);
  if (bytes === undefined) throw new Error(`${current} was shown but never loaded over the network`);
  return { copy: current.replace(/^\/photos\/[a-z0-9-]+?-[a-z0-9]{32}-/, ""), kb: kb(bytes) };
}

async function onPetPage(browser: Browser, origin: string, petId: number) {
  const { context, page, loaded } = await phone(browser, origin);
  await page.goto(`/adopt/pet?pet_id=${petId}`, { waitUntil: "networkidle" });
  const figure = await copyLoadedBy(page, loaded, page.locator("main img[src^='/photos/']").first());
  await context.close();
  return figure;
}

async function onList(browser: Browser, origin: string, name: string) {
  const { context, page, loaded } = await phone(browser, origin);
  await page.goto("/adopt/cat", { waitUntil: "networkidle" });
  const card = page.locator(".pet-card", { has: page.locator(".pet-card__name", { hasText: name }) }).first();
  const figure = await copyLoadedBy(page, loaded, card.locator("img"));
  await context.close();
  return figure;
}
