import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { action as rosterAction } from "#app/routes/petadmin/fosters";
import { action as petsAction } from "#app/routes/foster/pets";
import { createTestEnv, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { injectFaults, type D1Fault, type R2Fault } from "./faults";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
let faults: ReturnType<typeof injectFaults> | undefined;
beforeAll(async () => {
  t = await createTestEnv();
});
beforeEach(() => {
  // The bindings log every failure they see; these tests make them fail on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

const failing = (d1: D1Fault[], r2: R2Fault[] = []) => {
  faults = injectFaults(t, { d1, r2 });
};
const healed = () => {
  faults!.restore();
  faults = undefined;
};
const first = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .first<T>();
function post(fields: [string, string][], jar: CookieJar) {
  return withCookies(
    new Request("http://localhost/petadmin/fosters", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    jar,
  );
}

describe("foster placement writes that D1 or R2 refuse", () => {
  it("place nothing (no placement, no history row, the foster not active, the pet unchanged), say so, and work on the next try; the same for ending", async () => {
    const pet = await insertPet(t.env.DB, { name: "Faulty Fido" });
    const fosterId = await insertFoster(
      t.env.DB,
      (await createAccount(t.env.DB, { firstName: "Flo", lastName: "Fault" })).id,
    );
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const state = async () => ({
      placements: (await first<{ n: number }>(
        "select count(*) as n from foster_placements where pet_id = ? and ended_at is null",
        pet.id,
      ))!.n,
      history: (await first<{ n: number }>("select count(*) as n from pet_changes where pet_id = ?", pet.id))!.n,
      foster: (await first<{ status: string }>("select status from foster_applications where id = ?", fosterId))!
        .status,
      version: (await first<{ version: number }>("select version from pets where id = ?", pet.id))!.version,
    });
    const before = await state();
    const place: [string, string][] = [
      ["intent", "place"],
      ["petId", String(pet.id)],
      ["fosterId", String(fosterId)],
      ["listing", "unlisted"],
    ];

    failing([{ sql: /insert into "foster_placements"/ }]);
    const failed = await respond(t, rosterAction, post(place, staff));
    expect(failed.status).toBe(503);
    expect(failed.data).toEqual({ message: writeFailedMessage });
    expect(faults!.failures()).toBeGreaterThan(0);
    healed();
    expect(await state()).toEqual(before);

    expect((await respond(t, rosterAction, post(place, staff))).headers.get("Location")).toBe(
      "/petadmin/fosters?done=placed",
    );
    const placed = await state();
    expect(placed).toEqual({
      placements: 1,
      history: before.history + 1,
      foster: "active",
      version: before.version + 1,
    });
    const placementId = (await first<{ id: number }>("select id from foster_placements where pet_id = ?", pet.id))!.id;

    failing([{ sql: /update "foster_applications"/ }]);
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            [
              ["intent", "end"],
              ["placementId", String(placementId)],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(503);
    healed();
    expect(await state()).toEqual(placed);
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            [
              ["intent", "end"],
              ["placementId", String(placementId)],
            ],
            staff,
          ),
        )
      ).headers.get("Location"),
    ).toBe("/petadmin/fosters?done=ended");
    expect(await state()).toMatchObject({ placements: 0, foster: "approved" });
  });

  it("a foster's note that D1 refuses leaves no photo behind in R2; photos R2 refuses leave no note", async () => {
    const pet = await insertPet(t.env.DB, { name: "Noted Nell", species: "Cat" });
    const account = await createAccount(t.env.DB);
    const fosterId = await insertFoster(t.env.DB, account.id);
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    await respond(
      t,
      rosterAction,
      post(
        [
          ["intent", "place"],
          ["petId", String(pet.id)],
          ["fosterId", String(fosterId)],
          ["listing", "listed"],
        ],
        staff,
      ),
    );
    const placementId = (await first<{ id: number }>("select id from foster_placements where pet_id = ?", pet.id))!.id;
    const foster = await signedIn(t, account);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#a53" } })
      .jpeg()
      .toBuffer();
    const note = () => {
      const form = new FormData();
      form.append("placementId", String(placementId));
      form.append("text", "Purrs all evening.");
      form.append("photos", new File([new Uint8Array(photo)], "sofa.jpg", { type: "image/jpeg" }));
      return withCookies(new Request("http://localhost/foster/pets", { method: "POST", body: form }), foster);
    };
    // A note photo is stored as `note_<random>.jpg` (decision 053, amended 2026-11-28).
    const stored = async () =>
      (await t.env.PHOTOS.list()).objects.filter((object) => object.key.startsWith("note_")).length;
    const notes = async () =>
      (await first<{ n: number }>("select count(*) as n from foster_notes where placement_id = ?", placementId))!.n;

    failing([{ sql: /insert into "foster_notes"/ }]);
    const failed = await respond(t, petsAction, note());
    expect(failed.status).toBe(503);
    expect((failed.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      writeFailedMessage,
    ]);
    healed();
    expect(await notes()).toBe(0);
    expect(await stored()).toBe(0);

    failing([], [{ method: "put" }]);
    const refused = await respond(t, petsAction, note());
    expect(refused.status).toBe(503);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error.photos).toEqual([
      "The photos could not be stored. Nothing was sent: please try again.",
    ]);
    healed();
    expect(await notes()).toBe(0);
    expect(await stored()).toBe(0);

    expect((await respond(t, petsAction, note())).headers.get("Location")).toBe("/foster/pets?done=note");
    expect(await notes()).toBe(1);
    expect(await stored()).toBeGreaterThan(0);
  });
});
