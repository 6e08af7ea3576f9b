import sharp from "sharp";
import { startRecordingProxy, type RecordingProxy } from "../../scripts/lib/recording-proxy";
import { test as base } from "./fixtures";

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const made = new Map<string, Promise<PhotoFile>>();

/**
 * A camera-sized photo of noise (which no encoder can shrink, so its bytes are a phone photo's
 * order of size), made once per test worker. `orientation` writes an EXIF orientation: 6 is a
 * portrait photo stored landscape, as phones store them.
 */
export function noisyPhoto(name: string, width: number, height: number, orientation?: number): Promise<PhotoFile> {
  const key = `${name} ${width} ${height} ${orientation}`;
  if (!made.has(key)) {
    const image = sharp({
      create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    }).jpeg({ quality: 85 });
    made.set(
      key,
      (orientation ? image.withMetadata({ orientation }) : image)
        .toBuffer()
        .then((buffer) => ({ name, mimeType: "image/jpeg", buffer })),
    );
  }
  return made.get(key)!;
}

/** A plain small photo: small enough to go as it is. */
export async function smallPhoto(name: string, colour: string): Promise<PhotoFile> {
  return {
    name,
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  };
}

/**
 * The suite's `test` with every request of the page passing a recording proxy, which keeps the bodies
 * posted (Chromium gives Playwright none for a form with files): what reached the server, byte for byte.
 */
export const test = base.extend<{ recorder: RecordingProxy }>({
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  recorder: async ({}, use) => {
    const recorder = await startRecordingProxy();
    await use(recorder);
    await recorder.close();
  },
  proxy: async ({ recorder }, use) => {
    await use({ server: recorder.server, bypass: "<-loopback>" });
  },
});

export { expect } from "./fixtures";
