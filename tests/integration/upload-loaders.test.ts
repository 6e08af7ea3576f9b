import type { ServerBuild } from "@remix-run/cloudflare";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkerHandler } from "#server/worker";
import { createTestEnv, type CookieJar, type TestEnv } from "./harness";
import { createRemixApp } from "./remix-app";
import { signedIn } from "./signed-in";
import { createAccount } from "../builders/accounts";

/**
 * The pet form's upload by XHR (decision 038) runs its action and no page loader: the page the answer
 * leads to loads them once, when it is shown (they once ran twice: for the page the post rendered and
 * threw away, then for the page it led to).
 */
let t: TestEnv;
let app: Awaited<ReturnType<typeof createRemixApp>>;
let handle: ReturnType<typeof createWorkerHandler>;
const loaderCalls: string[] = [];
let staff: CookieJar;

beforeAll(async () => {
  [t, app] = await Promise.all([createTestEnv(), createRemixApp()]);
  // The same build, each route's loader counted.
  const routes = Object.fromEntries(
    Object.entries(app.build.routes).map(([id, route]) => {
      const { loader } = route.module;
      if (!loader) return [id, route];
      return [
        id,
        {
          ...route,
          module: {
            ...route.module,
            loader: (args: Parameters<typeof loader>[0]) => (loaderCalls.push(id), loader(args)),
          },
        },
      ];
    }),
  );
  handle = createWorkerHandler({ ...app.build, routes } as ServerBuild);
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
const sameOrigin = { "Sec-Fetch-Site": "same-origin", Origin: "http://localhost", Host: "localhost" };

async function upload(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#753" } })
    .jpeg()
    .toBuffer();
  form.append("newPhotos", new File([new Uint8Array(photo)], "xhr.jpg", { type: "image/jpeg" }));
  const request = new Request("http://localhost/petadmin/create", {
    method: "POST",
    body: form,
    headers: { ...sameOrigin, "X-Upload": "xhr", Cookie: staff.header() },
  });
  return handle(request, t.env, ctx, undefined);
}
const pet = {
  intent: "save",
  name: "Once",
  animalId: "A-ONCE-1",
  ageMonths: "3",
  weightLbs: "4",
  sex: "Female",
  species: "Cat",
  breedsFor: "Cat",
  activeLevel: "Very active",
  adoptionFee: "0",
};

describe("an upload by XHR", () => {
  it("saves with its action alone and answers where to go; that page then runs its loaders once", async () => {
    loaderCalls.length = 0;
    const saved = await upload(pet);
    expect(saved.status).toBe(200);
    expect(saved.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const { location } = (await saved.json()) as { location: string };
    expect(location).toMatch(/^\/petadmin\/create\?created=\d+$/);
    expect(loaderCalls).toEqual([]);

    const page = await handle(
      new Request(`http://localhost${location}`, { headers: { Cookie: staff.header() } }),
      t.env,
      ctx,
      undefined,
    );
    expect(page.status).toBe(200);
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("Once was added.");
    expect(loaderCalls.filter((id) => id === "routes/_main.petadmin.create")).toHaveLength(1);
  });

  it("answers the form's errors with their status, and still runs no loader", async () => {
    loaderCalls.length = 0;
    const refused = await upload({ ...pet, animalId: "A-ONCE-1", name: "Twice" });
    expect(refused.status).toBe(400);
    const { reply } = (await refused.json()) as { reply: { error: Record<string, string[]> } };
    expect(reply.error.animalId).toEqual(["Another pet already has the pet id A-ONCE-1."]);
    expect(loaderCalls).toEqual([]);
  });

  it("is sent to sign in, as a real redirect, when the session is gone", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(pet)) form.append(name, value);
    const request = new Request("http://localhost/petadmin/create", {
      method: "POST",
      body: form,
      headers: { ...sameOrigin, "X-Upload": "xhr" },
    });
    const answered = await handle(request, t.env, ctx, undefined);
    expect(answered.status).toBe(302);
    expect(answered.headers.get("Location")).toMatch(/^\/sign-in/);
  });
});
