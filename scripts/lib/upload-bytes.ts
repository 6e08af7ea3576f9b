/**
 * What staff send when they upload a pet with photos (decision 038): the pet form posted once with
 * JavaScript (photos resized in the browser) and once without (the originals), in Chromium, through a
 * proxy that weighs each request body. Each pet made is deleted again.
 *   npx tsx scripts/lib/upload-bytes.ts [--base-url http://127.0.0.1:8787]   (against `npm start`)
 */
import { statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page } from "@playwright/test";
import { realPhotoFiles } from "./real-photos";
import { postedFiles, startRecordingProxy, type RecordingProxy } from "./recording-proxy";
import { signIn } from "./visitors";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** As scripts/bench.ts launches Chromium through Playwright. */
const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface UploadBytes {
  /** Bytes of the request body with JavaScript: the photos resized in the browser. */
  withResize: number;
  /** Bytes of the request body without JavaScript: the original photos. */
  withoutResize: number;
  /** Each photo's bytes as chosen and as sent with JavaScript, and the time the browser spent on it (0 when sent as it is). */
  perPhoto: { file: string; original: number; resized: number; resizeMs: number }[];
}

interface Sent {
  bodyBytes: number;
  photoBytes: number[];
  resizeMs: Map<string, number>;
}

/** Creates a pet with `files` through /petadmin/create, weighs what was posted, then deletes the pet. */
async function uploadOnce(
  browser: Browser,
  proxy: RecordingProxy,
  baseURL: string,
  cookie: string,
  files: string[],
  javaScriptEnabled: boolean,
): Promise<Sent> {
  const context = await browser.newContext({
    javaScriptEnabled,
    proxy: { server: proxy.server, bypass: "<-loopback>" },
  });
  try {
    // The session is what matters here. A __Host- cookie (the D1 bookmark of decision 046, kept a few
    // minutes after a write) is refused by Chromium's cookie API for an http:// address, and a
    // cleared cookie (empty value) means nothing: both stay out.
    await context.addCookies(
      cookie
        .split("; ")
        .map((pair) => {
          const separator = pair.indexOf("=");
          return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: baseURL };
        })
        .filter(({ name, value }) => value !== "" && !name.startsWith("__Host-")),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.goto(new URL("/petadmin/create", baseURL).href);
    if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Name").fill("Upload Bench");
    await page.getByLabel("Pet id").fill(`UPLOAD-BYTES-${javaScriptEnabled ? "JS" : "NO-JS"}-${Date.now()}`);
    // "Other": the cat and dog lists stay as they are while the pet exists.
    await page.getByLabel("Species").selectOption("Other");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Show breeds for this species" }).click();
    await page.getByLabel(/^Add photos \(/).setInputFiles(files);
    const posted = proxy.posts.length;
    await page.getByRole("button", { name: "Upload pet" }).click();
    await page.waitForURL(/\/petadmin\/create\?created=\d+$/);
    await page.getByText("Upload Bench was added.").waitFor();
    const post = proxy.posts.slice(posted).find((candidate) => new URL(candidate.url).pathname === "/petadmin/create");
    if (!post) throw new Error("the proxy saw no post of the pet form");
    const photos = (await postedFiles(post)).filter((part) => part.field === "newPhotos");
    const resizeMs = new Map<string, number>(
      javaScriptEnabled
        ? await page.evaluate(() =>
            performance
              .getEntriesByName("photo-resize")
              .map(
                (entry) => [(entry as PerformanceMeasure).detail.file as string, entry.duration] as [string, number],
              ),
          )
        : [],
    );
    await deletePet(page, Number(new URL(page.url()).searchParams.get("created")));
    return { bodyBytes: post.body.byteLength, photoBytes: photos.map((photo) => photo.bytes.byteLength), resizeMs };
  } finally {
    await context.close();
  }
}

async function deletePet(page: Page, id: number) {
  await page.goto(new URL(`/petadmin/edit?pet_id=${id}`, page.url()).href);
  await page.getByLabel("Type “delete” to confirm").fill("delete");
  await page.getByRole("button", { name: "Delete Upload Bench" }).click();
  await page.getByText("Upload Bench was deleted.").waitFor();
}

export async function measureUploadBytes(
  baseURL: string,
  files: string[],
  signInAs: { email: string; password: string },
): Promise<UploadBytes> {
  const cookie = await signIn(new URL(baseURL).origin, signInAs.email, signInAs.password);
  const proxy = await startRecordingProxy();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const resized = await uploadOnce(browser, proxy, baseURL, cookie, files, true);
    const originals = await uploadOnce(browser, proxy, baseURL, cookie, files, false);
    return {
      withResize: resized.bodyBytes,
      withoutResize: originals.bodyBytes,
      perPhoto: files.map((file, index) => ({
        file,
        original: originals.photoBytes[index] ?? statSync(file).size,
        resized: resized.photoBytes[index] ?? 0,
        resizeMs: Math.round(resized.resizeMs.get(path.basename(file)) ?? 0),
      })),
    };
  } finally {
    await browser.close();
    await proxy.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { "base-url": { type: "string", default: "http://127.0.0.1:8787" } } });
  const kb = (bytes: number) => Math.round(bytes / 1024);
  const result = await measureUploadBytes(values["base-url"]!, realPhotoFiles(), {
    email: "staff@example.com",
    password: "shelter-staff-2026",
  });
  console.table(
    result.perPhoto.map(({ file, original, resized, resizeMs }) => ({
      photo: path.basename(file),
      "original KB": kb(original),
      "sent with JS KB": kb(resized),
      "resize ms": resizeMs,
    })),
  );
  const resizeMs = result.perPhoto.reduce((sum, photo) => sum + photo.resizeMs, 0);
  console.log(
    `Request body: ${kb(result.withoutResize)} KB without JavaScript, ${kb(result.withResize)} KB with it (${Math.round((100 * result.withResize) / result.withoutResize)} %); ${resizeMs} ms resizing in the browser.`,
  );
}
