import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { addNote } from "#app/models/inbox-notes.server";
import { deleteOldContactMessages, purgeDeletedPets, retention } from "#app/models/housekeeping.server";
import { listMatchCandidates } from "#app/models/pets.server";
import { loader as homeLoader } from "#app/routes/site/home";
import { loader as listLoader } from "#app/routes/adopt/species";
import { loader as petLoader } from "#app/routes/adopt/pet";
import { loader as adoptedLoader } from "#app/routes/adopt/adopted";
import { loader as favoriteLoader } from "#app/routes/adopt/favorite";
import { loader as onHoldLoader } from "#app/routes/adopt/on-hold";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/** Nothing lost by one wrong click (issue 22, decision 042): a deleted pet waits 30 days, hidden, restorable. */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
});
afterAll(() => t.dispose());

const day = 24 * 60 * 60 * 1000;
const edit = (fields: Record<string, string>) =>
  respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), staff));
const names = (data: unknown) => (data as { pets: { name: string }[] }).pets.map((pet) => pet.name);
const count = async (sql: string, ...params: unknown[]) =>
  (
    await t.env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? -1;

/** Everywhere a visitor, a holder, an adopter or a fan could see the pets named, as they see it now. */
async function seenBy(jars: { fan: CookieJar; holder: CookieJar; adopter: CookieJar }, petId: number) {
  return {
    dogList: names((await respond(t, listLoader, getRequest("/adopt/dog?sort=az"), { species: "dog" })).data),
    home: names((await respond(t, homeLoader, getRequest("/"))).data),
    match: (await listMatchCandidates(createDb(t.env.DB))).map((pet) => pet.name),
    favorites: names((await respond(t, favoriteLoader, withCookies(getRequest("/favorite"), jars.fan))).data),
    onHold: names((await respond(t, onHoldLoader, withCookies(getRequest("/on-hold"), jars.holder))).data),
    adopted: names((await respond(t, adoptedLoader, withCookies(getRequest("/adopted"), jars.adopter))).data),
    petPage: (await respond(t, petLoader, getRequest(`/adopt/pet?pet_id=${petId}`))).status,
    staffList: names((await respond(t, editLoader, withCookies(getRequest("/petadmin/edit"), staff))).data),
    recentlyDeleted: (
      (await respond(t, editLoader, withCookies(getRequest("/petadmin/edit"), staff))).data as {
        recentlyDeleted: { name: string }[];
      }
    ).recentlyDeleted.map((pet) => pet.name),
    staffPage: (await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${petId}`), staff))).status,
  };
}

describe("a deleted pet", () => {
  it("is hidden everywhere but Recently deleted, keeps its photos and history, and comes back whole on Restore", async () => {
    const fan = await createAccount(t.env.DB, { email: "fan@example.com" });
    const holder = await createAccount(t.env.DB, { email: "holder@example.com" });
    const adopter = await createAccount(t.env.DB, { email: "adopter@example.com" });
    const jars = {
      fan: await signedIn(t, fan),
      holder: await signedIn(t, holder),
      adopter: await signedIn(t, adopter),
    };
    const key = "wags-abcdefghijklmnopqrstuvwxyz012345.jpg";
    await t.env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
    const listed = await insertPet(t.env.DB, { name: "Wags", species: "Dog", images: [key] });
    const held = await insertPet(t.env.DB, {
      name: "Held Hugo",
      species: "Dog",
      onHoldEmail: "holder@example.com",
      onHoldDate: new Date(),
      onHoldUntil: new Date(Date.now() + day),
    });
    const adopted = await insertPet(t.env.DB, {
      name: "Adopted Ada",
      species: "Dog",
      adoptedEmail: "adopter@example.com",
      adoptedDate: new Date(),
    });
    for (const pet of [listed, held, adopted]) {
      await t.env.DB.prepare("insert into favorites (user_id, pet_id, created_at) values (?, ?, ?)")
        .bind(fan.id, pet.id, Date.now())
        .run();
    }

    const before = await seenBy(jars, listed.id);
    expect(before).toMatchObject({ petPage: 200, staffPage: 200, onHold: ["Held Hugo"], adopted: ["Adopted Ada"] });
    for (const where of ["dogList", "home", "match", "favorites", "staffList"] as const)
      expect(before[where], where).toContain("Wags");
    expect(before.recentlyDeleted).toEqual([]);

    // The word is refused when it is not the word, and taken in any case and spacing (a phone
    // capitalises its first letter: issue 40).
    for (const confirm of ["", "delete permanently", "delet", "eliminar"]) {
      const refused = await edit({ intent: "delete", petId: String(listed.id), version: "1", confirm });
      expect(refused.status, confirm).toBe(400);
      expect(refused.data, confirm).toMatchObject({ message: 'Type "delete" to delete Wags.' });
    }
    expect(await seenBy(jars, listed.id)).toMatchObject({ petPage: 200, recentlyDeleted: [] });
    const typed = ["Delete", " DELETE ", "delete"];
    for (const [index, pet] of [listed, held, adopted].entries()) {
      const deleted = await edit({ intent: "delete", petId: String(pet.id), version: "1", confirm: typed[index]! });
      expect(deleted.headers.get("Location"), pet.name).toBe(`/petadmin/edit?deleted=${encodeURIComponent(pet.name)}`);
    }
    const after = await seenBy(jars, listed.id);
    for (const where of ["dogList", "home", "match", "favorites", "onHold", "adopted", "staffList"] as const) {
      expect(after[where], where).not.toContain("Wags");
      expect(after[where], where).not.toContain("Held Hugo");
      expect(after[where], where).not.toContain("Adopted Ada");
    }
    expect(after).toMatchObject({ petPage: 404, staffPage: 404 });
    expect(after.recentlyDeleted).toEqual(["Adopted Ada", "Held Hugo", "Wags"]);
    // Nothing is lost: the photo and the favorites are still there (its hold ended with the delete, issue 39).
    expect(await t.env.PHOTOS.head(key)).not.toBeNull();
    expect(await count("select count(*) as n from favorites where user_id = ?", fan.id)).toBe(3);
    // Staff cannot change a deleted pet from an old page.
    const stale = await edit({ intent: "hold", petId: String(listed.id), version: "2", email: "late@example.com" });
    expect(stale.status).toBe(404);

    const restored = await edit({ intent: "restore", petId: String(listed.id), version: "2" });
    expect(restored.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${listed.id}&done=restored`);
    const back = await seenBy(jars, listed.id);
    for (const where of ["dogList", "home", "match", "favorites", "staffList"] as const)
      expect(back[where], where).toContain("Wags");
    expect(back).toMatchObject({ petPage: 200, staffPage: 200, recentlyDeleted: ["Adopted Ada", "Held Hugo"] });
    const history = await t.env.DB.prepare("select summary from pet_changes where pet_id = ? order by id")
      .bind(listed.id)
      .all<{ summary: string }>();
    expect(history.results.map((row) => row.summary)).toEqual(["Deleted", "Restored"]);

    // A second click on the same Restore (an old page) finds nothing to restore and says so.
    const again = await edit({ intent: "restore", petId: String(listed.id), version: "2" });
    expect(again.status).toBe(404);
    expect(again.data).toMatchObject({
      intent: "restore",
      message: expect.stringContaining("no longer in Recently deleted"),
    });
    // A restore from a list older than another change is refused as a conflict.
    const conflict = await edit({ intent: "restore", petId: String(held.id), version: "1" });
    expect(conflict.status).toBe(409);
  });

  it("is restorable only by staff who may delete pets", async () => {
    const pet = await insertPet(t.env.DB, { name: "Guarded Gone", deletedAt: new Date(), version: 2 });
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const fields = { intent: "restore", petId: String(pet.id), version: "2" };
    expect((await respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), adopter))).status).toBe(403);
    expect((await respond(t, editAction, postForm("/petadmin/edit", fields))).headers.get("Location")).toMatch(
      /^\/sign-in\?redirectTo=/,
    );
    expect(await count("select count(*) as n from pets where id = ? and deleted_at is not null", pet.id)).toBe(1);
  });

  it("stays 30 days, then goes for good with its history, applications, their notes and favorites", async () => {
    const now = new Date("2027-06-01T10:30:00Z");
    const applicant = await createAccount(t.env.DB);
    const pet = await insertPet(t.env.DB, {
      name: "Farewell",
      deletedAt: new Date(now.getTime() - retention.deletedPetsMs + 60_000),
    });
    await t.env.DB.prepare(
      "insert into pet_changes (pet_id, user_id, summary, created_at) values (?, null, 'Deleted', ?)",
    )
      .bind(pet.id, now.getTime())
      .run();
    await t.env.DB.prepare("insert into favorites (user_id, pet_id, created_at) values (?, ?, ?)")
      .bind(applicant.id, pet.id, now.getTime())
      .run();
    const application = await t.env.DB.prepare(
      "insert into adoption_applications (pet_id, user_id, status, created_at, updated_at) values (?, ?, 'submitted', ?, ?) returning id",
    )
      .bind(pet.id, applicant.id, now.getTime(), now.getTime())
      .first<{ id: number }>();
    await addNote(createDb(t.env.DB), {
      kind: "application",
      itemId: application!.id,
      userId: applicant.id,
      text: "Called them.",
    });
    const rows = () =>
      Promise.all(
        [
          "pets where id = ?",
          "pet_changes where pet_id = ?",
          "favorites where pet_id = ?",
          "adoption_applications where pet_id = ?",
        ].map((from) => count(`select count(*) as n from ${from}`, pet.id)),
      );

    const db = createDb(t.env.DB);
    // (Pets deleted by the tests above are long past 30 days by then: they go in this run.)
    expect(await purgeDeletedPets(db, now)).toMatchObject({ failed: 0 });
    expect(await rows()).toEqual([1, 1, 1, 1]);
    expect(
      await count("select count(*) as n from inbox_notes where item_id = ? and kind = 'application'", application!.id),
    ).toBe(1);

    expect(await purgeDeletedPets(db, new Date(now.getTime() + 60_000))).toEqual({ purged: 1, failed: 0 });
    expect(await purgeDeletedPets(db, new Date(now.getTime() + 60_000))).toEqual({ purged: 0, failed: 0 });
    expect(await rows()).toEqual([0, 0, 0, 0]);
    expect(
      await count("select count(*) as n from inbox_notes where item_id = ? and kind = 'application'", application!.id),
    ).toBe(0);
  });
});

describe("staff notes", () => {
  it("are tied to their item: they go with a deleted message, application or applicant, and a note on nothing is not written", async () => {
    const db = createDb(t.env.DB);
    const author = await createAccount(t.env.DB, { role: "member" });
    const old = Date.now() - retention.contactMessagesMs - day;
    const message = await t.env.DB.prepare(
      "insert into contact_messages (name, email, message, created_at) values ('Old', 'old@example.com', 'Hello', ?) returning id",
    )
      .bind(old)
      .first<{ id: number }>();
    await addNote(db, { kind: "message", itemId: message!.id, userId: author.id, text: "Answered by phone." });
    expect(
      await count("select count(*) as n from inbox_notes where message_id = ? and application_id is null", message!.id),
    ).toBe(1);

    const applicant = await createAccount(t.env.DB);
    const pet = await insertPet(t.env.DB, { name: "Noted" });
    const application = await t.env.DB.prepare(
      "insert into adoption_applications (pet_id, user_id, status, created_at, updated_at) values (?, ?, 'submitted', ?, ?) returning id",
    )
      .bind(pet.id, applicant.id, Date.now(), Date.now())
      .first<{ id: number }>();
    await addNote(db, { kind: "application", itemId: application!.id, userId: author.id, text: "Good fit." });
    expect(
      await count(
        "select count(*) as n from inbox_notes where application_id = ? and message_id is null",
        application!.id,
      ),
    ).toBe(1);

    // The contact message's retention (365 days) takes its notes with it.
    expect(await deleteOldContactMessages(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(
      await count("select count(*) as n from inbox_notes where kind = 'message' and item_id = ?", message!.id),
    ).toBe(0);
    // An applicant's account removed takes their applications, and the applications' notes.
    await t.env.DB.prepare("delete from users where id = ?").bind(applicant.id).run();
    expect(
      await count("select count(*) as n from inbox_notes where kind = 'application' and item_id = ?", application!.id),
    ).toBe(0);
    // The author leaving keeps the note on an item that is still there (the author is shown as a former member).
    const kept = await t.env.DB.prepare(
      "insert into contact_messages (name, email, message, created_at) values ('New', 'new@example.com', 'Hi', ?) returning id",
    )
      .bind(Date.now())
      .first<{ id: number }>();
    await addNote(db, { kind: "message", itemId: kept!.id, userId: author.id, text: "Will call." });
    await t.env.DB.prepare("delete from users where id = ?").bind(author.id).run();
    expect(
      await count("select count(*) as n from inbox_notes where message_id = ? and user_id is null", kept!.id),
    ).toBe(1);

    await expect(
      addNote(db, { kind: "application", itemId: 999_999, userId: author.id, text: "On nothing." }),
    ).rejects.toThrow();
    expect(await count("select count(*) as n from inbox_notes where item_id = 999999")).toBe(0);
  });
});
