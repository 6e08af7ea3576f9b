import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { statusAfterStorageFailure } from "#app/entry.server";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { action as homeAction } from "#app/routes/site/home";
import { loader as adoptLoader } from "#app/routes/adopt/species";
import { loader as photoLoader } from "#app/routes/photos/photo";
import { createTestEnv, getRequest, postForm, respond, type TestEnv } from "./harness";
import { injectFaults, permanentD1Error, permanentR2Error, transientD1Error, transientR2Error } from "./faults";
import { insertPet } from "../builders/pets";

let t: TestEnv;
let faults: ReturnType<typeof injectFaults> | undefined;
// Only copies are served (decision 035): the 720 px JPEG copy of a photo.
const photoKey = "rex-abcdefghijklmnopqrstuvwxyz012345-720w.jpg";
const photoBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 7, 7, 0xff, 0xd9]);

beforeAll(async () => {
  t = await createTestEnv();
  await insertPet(t.env.DB, { species: "Dog", name: "Rex", breed: ["Boxer"] });
  await t.env.PHOTOS.put(photoKey, photoBytes, { httpMetadata: { contentType: "image/jpeg" } });
});
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

// The list's reads: its batch, and the pets' version alone when this isolate kept the page (decision 045).
const petsQuery = /^select .* from "pets(_version)?"/i;

async function adoptDogs() {
  const request = getRequest("/adopt/dog");
  const context = t.contextFor(request);
  try {
    const result = await adoptLoader({ request, params: { species: "dog" }, context });
    return { result, error: null, context };
  } catch (error) {
    return { result: null, error, context };
  }
}

describe("reads when D1 fails", () => {
  it("retries a transient failure of the pet list, so the visitor sees the pets", async () => {
    faults = injectFaults(t, { d1: [{ sql: petsQuery, times: 1, message: transientD1Error }] });
    const { result, error, context } = await adoptDogs();
    expect(error).toBeNull();
    expect(JSON.stringify(result)).toContain("Rex");
    expect(faults.failures()).toBe(1);
    expect(context.storage.failed).toBe(false);
  });

  it("gives up after three tries of a failure that stays, and the page answers 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: petsQuery, message: transientD1Error }] });
    const { error, context } = await adoptDogs();
    expect(isStorageFailure(error)).toBe(true);
    expect(faults.log.d1.filter((call) => call.failed)).toHaveLength(3);
    expect(context.storage.failed).toBe(true);
    expect(statusAfterStorageFailure(500, context)).toBe(503);
  });

  it("does not retry an error that is not transient", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: petsQuery, message: permanentD1Error }] });
    const { error } = await adoptDogs();
    expect(isStorageFailure(error)).toBe(true);
    expect(faults.log.d1.filter((call) => call.failed)).toHaveLength(1);
  });

  it("never retries a write", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: /^insert into "contact_messages"/, message: transientD1Error }] });
    const request = postForm("/?index", {
      intent: "contact",
      name: "Ann",
      email: "ann@example.com",
      message: "Hello there, shelter!",
    });
    expect((await respond(t, homeAction, request)).status).toBe(503);
    expect(faults.log.d1.filter((call) => call.sql.startsWith('insert into "contact_messages"'))).toHaveLength(1);
  });

  it("leaves the status of other errors alone", () => {
    const context = t.contextFor(getRequest("/"));
    expect(statusAfterStorageFailure(500, context)).toBe(500);
    expect(statusAfterStorageFailure(404, { ...context, storage: { failed: true } })).toBe(404);
  });
});

describe("photos when R2 fails", () => {
  const getPhoto = () =>
    photoLoader({
      request: getRequest(`/photos/${photoKey}`),
      params: { key: photoKey },
      context: t.contextFor(getRequest("/")),
    });

  it("retries a transient failure and serves the photo", async () => {
    faults = injectFaults(t, { r2: [{ method: "get", times: 2, message: transientR2Error }] });
    const response = await getPhoto();
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(photoBytes);
    expect(faults.failures()).toBe(2);
  });

  it("answers 503, not cached and without R2's message, when R2 keeps failing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { r2: [{ method: "get", message: permanentR2Error }] });
    const response = await getPhoto();
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.text();
    expect(body).not.toContain("Access denied");
    expect(body).not.toContain("10003");
  });
});
