import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as rosterAction, loader as rosterLoader } from "#app/routes/petadmin/fosters";
import { action as petsAction, loader as petsLoader } from "#app/routes/foster/pets";
import { loader as petPageLoader } from "#app/routes/adopt/pet";
import { loader as editLoader } from "#app/routes/petadmin/edit/route";
import { listListedPets } from "#app/models/pets.server";
import { loader as adoptApplyLoader } from "#app/routes/adopt/apply";
import { loader as petAdminLoader } from "#app/routes/petadmin/index";
import { action as fosterInboxAction, loader as fosterInboxLoader } from "#app/routes/petadmin/inbox/foster";
import { action as volunteerInboxAction, loader as volunteerInboxLoader } from "#app/routes/petadmin/inbox/volunteer";
import { createTestEnv, getRequest, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const rows = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((result) => result.results);
function post(path: string, fields: [string, string][], jar?: CookieJar) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return jar ? withCookies(request, jar) : request;
}
function postNote(placementId: number, text: string, jar: CookieJar, photos: File[] = []) {
  const form = new FormData();
  form.append("placementId", String(placementId));
  form.append("text", text);
  for (const photo of photos) form.append("photos", photo);
  return withCookies(new Request("http://localhost/foster/pets", { method: "POST", body: form }), jar);
}
const fosterStatus = async (id: number) =>
  (await rows<{ status: string }>("select status from foster_applications where id = ?", id))[0]!.status;

describe("foster placements and notes", () => {
  it("staff place a pet, the foster posts a note with a photo, staff approve it, the pet's page shows it; ending the placement makes the foster approved again", async () => {
    const pet = await insertPet(t.env.DB, { name: "Biscuit", species: "Dog" });
    const fosterAccount = await createAccount(t.env.DB, { firstName: "Fern", lastName: "Foster" });
    const fosterId = await insertFoster(t.env.DB, fosterAccount.id);
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const foster = await signedIn(t, fosterAccount);

    const roster = (await respond(t, rosterLoader, withCookies(getRequest("/petadmin/fosters"), staff))).data as {
      placeablePets: { id: number }[];
      placeableFosters: { id: number; name: string }[];
    };
    expect(roster.placeablePets.map((p) => p.id)).toContain(pet.id);
    expect(roster.placeableFosters).toEqual([{ id: fosterId, name: "Fern Foster" }]);

    // A foster (not staff) cannot place; unknown fields are a 400, never a 500.
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "place"],
              ["petId", String(pet.id)],
              ["fosterId", String(fosterId)],
              ["listing", "listed"],
            ],
            foster,
          ),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "place"],
              ["petId", "x"],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(400);

    const placed = await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "place"],
          ["petId", String(pet.id)],
          ["fosterId", String(fosterId)],
          ["listing", "listed"],
          ["returnTo", `/petadmin/edit?pet_id=${pet.id}&tab=description`],
        ],
        staff,
      ),
    );
    expect(placed.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&tab=description&done=placed`);
    expect(await fosterStatus(fosterId)).toBe("active");
    // Placed once: a second placement of the same pet is refused.
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "place"],
              ["petId", String(pet.id)],
              ["fosterId", String(fosterId)],
              ["listing", "listed"],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(409);

    const edit = (
      await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${pet.id}&tab=description`), staff))
    ).data as { changes: { summary: string }[]; fosterPanel: { placements: { endedAt: string | null }[] } };
    expect(edit.changes[0]!.summary).toBe("Placed with foster Fern Foster (still listed for adoption)");
    expect(edit.fosterPanel.placements).toHaveLength(1);

    const publicPage = async () =>
      (await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${pet.id}`))).data as {
        fosterHome: { inFosterHome: boolean; listed: boolean; notes: { text: string; photos: string[] }[] };
      };
    expect((await publicPage()).fosterHome).toEqual({ inFosterHome: true, listed: true, notes: [] });
    // Still on the public lists, its card says where it lives now.
    expect(
      (await listListedPets(t.context.db, { limit: 500 })).find((listed) => listed.id === pet.id)?.inFosterHome,
    ).toBe(true);

    // The foster sees their pet; another account sees none and cannot post a note on it.
    const mine = (await respond(t, petsLoader, withCookies(getRequest("/foster/pets"), foster))).data as {
      placements: { id: number; petName: string }[];
    };
    expect(mine.placements.map((p) => p.petName)).toEqual(["Biscuit"]);
    const placementId = mine.placements[0]!.id;
    const other = await signedIn(t, await createAccount(t.env.DB));
    expect(
      ((await respond(t, petsLoader, withCookies(getRequest("/foster/pets"), other))).data as { placements: unknown[] })
        .placements,
    ).toEqual([]);
    expect((await respond(t, petsAction, postNote(placementId, "Not my dog", other))).status).toBe(404);
    expect((await respond(t, petsAction, postNote(placementId, "Staff are not the foster", staff))).status).toBe(404);
    expect((await respond(t, petsLoader, getRequest("/foster/pets"))).status).toBe(302);
    expect((await respond(t, petsAction, postNote(placementId, "", foster))).status).toBe(400);

    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#753" } })
      .withMetadata({ exif: { IFD0: { Copyright: "secret place" } } })
      .jpeg()
      .toBuffer();
    const sent = await respond(
      t,
      petsAction,
      postNote(placementId, "Biscuit is house-trained and ignores our cat.", foster, [
        new File([new Uint8Array(photo)], "garden.jpg", { type: "image/jpeg" }),
      ]),
    );
    expect(sent.headers.get("Location")).toBe("/foster/pets?done=note");
    const [note] = await rows<{ id: number; images: string; status: string }>(
      "select id, images, status from foster_notes",
    );
    expect(note!.status).toBe("pending");
    const [key] = JSON.parse(note!.images) as string[];
    const stored = await t.env.PHOTOS.get(key!);
    expect(Buffer.from(await stored!.arrayBuffer()).includes(Buffer.from("secret place"))).toBe(false);
    // Not shown before staff approve it.
    expect((await publicPage()).fosterHome.notes).toEqual([]);

    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "approve-note"],
              ["noteId", String(note!.id)],
            ],
            foster,
          ),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "approve-note"],
              ["noteId", String(note!.id)],
            ],
            staff,
          ),
        )
      ).headers.get("Location"),
    ).toBe("/petadmin/fosters?done=approve-note");
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "reject-note"],
              ["noteId", String(note!.id)],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(409);
    expect((await publicPage()).fosterHome.notes).toEqual([
      expect.objectContaining({ text: "Biscuit is house-trained and ignores our cat.", photos: [`/photos/${key}`] }),
    ]);

    const end = await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "end"],
          ["placementId", String(placementId)],
        ],
        staff,
      ),
    );
    expect(end.headers.get("Location")).toBe("/petadmin/fosters?done=ended");
    expect(await fosterStatus(fosterId)).toBe("approved");
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "end"],
              ["placementId", String(placementId)],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(409);
    // An ended placement takes no more notes; the approved one stays on the page.
    expect((await respond(t, petsAction, postNote(placementId, "One more", foster))).status).toBe(404);
    expect((await publicPage()).fosterHome).toMatchObject({
      inFosterHome: false,
      notes: [expect.objectContaining({ text: "Biscuit is house-trained and ignores our cat." })],
    });
    const history = (
      await rows<{ summary: string }>("select summary from pet_changes where pet_id = ? order by id", pet.id)
    ).map((row) => row.summary);
    expect(history).toEqual([
      "Placed with foster Fern Foster (still listed for adoption)",
      "Foster placement with Fern Foster ended",
    ]);
  });

  it("a pet placed 'not listed' leaves the public lists until the placement ends; a rejected note loses its photos", async () => {
    const pet = await insertPet(t.env.DB, { name: "Quiet Cat", species: "Cat" });
    const fosterAccount = await createAccount(t.env.DB, { firstName: "Uma", lastName: "Unlisted" });
    const fosterId = await insertFoster(t.env.DB, fosterAccount.id);
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const listedNames = async () => (await listListedPets(t.context.db, { limit: 500 })).map((listed) => listed.name);
    expect(await listedNames()).toContain("Quiet Cat");
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "place"],
          ["petId", String(pet.id)],
          ["fosterId", String(fosterId)],
          ["listing", "unlisted"],
        ],
        staff,
      ),
    );
    expect(await listedNames()).not.toContain("Quiet Cat");
    // Not up for adoption while it is there: the application says so instead of taking one.
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const applying = async () =>
      (
        (await respond(t, adoptApplyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${pet.id}`), adopter)))
          .data as { refusal: string | null }
      ).refusal;
    expect(await applying()).toBe("fostered");
    // Its page says where it is and offers no Apply or favorite until the placement ends.
    const petPage = async () =>
      (await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${pet.id}`))).data as {
        adoptable: boolean;
        fosterHome: { inFosterHome: boolean };
      };
    expect(await petPage()).toMatchObject({ adoptable: false, fosterHome: { inFosterHome: true } });

    const foster = await signedIn(t, fosterAccount);
    const [placement] = await rows<{ id: number }>("select id from foster_placements where pet_id = ?", pet.id);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#357" } })
      .jpeg()
      .toBuffer();
    await respond(
      t,
      petsAction,
      postNote(placement!.id, "Shy at first.", foster, [
        new File([new Uint8Array(photo)], "shy.jpg", { type: "image/jpeg" }),
      ]),
    );
    const [note] = await rows<{ id: number; images: string }>(
      "select id, images from foster_notes where placement_id = ?",
      placement!.id,
    );
    const [key] = JSON.parse(note!.images) as string[];
    expect(await t.env.PHOTOS.head(key!)).not.toBeNull();
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "reject-note"],
          ["noteId", String(note!.id)],
        ],
        staff,
      ),
    );
    expect(await t.env.PHOTOS.head(key!)).toBeNull();
    expect((await rows<{ status: string }>("select status from foster_notes where id = ?", note!.id))[0]!.status).toBe(
      "rejected",
    );

    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "end"],
          ["placementId", String(placement!.id)],
        ],
        staff,
      ),
    );
    expect(await listedNames()).toContain("Quiet Cat");
    expect(
      (await listListedPets(t.context.db, { limit: 500 })).find((listed) => listed.name === "Quiet Cat")?.inFosterHome,
    ).toBeUndefined();
    expect(await petPage()).toMatchObject({ adoptable: true, fosterHome: { inFosterHome: false } });
    expect(await applying()).toBeNull();
  });

  it("refuses a foster who is not approved, and a pet that is adopted", async () => {
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const pet = await insertPet(t.env.DB, { name: "Nope" });
    const applied = await insertFoster(t.env.DB, (await createAccount(t.env.DB)).id, "applied");
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "place"],
              ["petId", String(pet.id)],
              ["fosterId", String(applied)],
              ["listing", "listed"],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(409);
    const approved = await insertFoster(t.env.DB, (await createAccount(t.env.DB)).id);
    const adopted = await insertPet(t.env.DB, {
      name: "Gone home",
      adoptedEmail: "a@example.com",
      adoptedDate: new Date(),
    });
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "place"],
              ["petId", String(adopted.id)],
              ["fosterId", String(approved)],
              ["listing", "listed"],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "place"],
              ["petId", "99999"],
              ["fosterId", String(approved)],
              ["listing", "listed"],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await respond(
          t,
          rosterAction,
          post(
            "/petadmin/fosters",
            [
              ["intent", "end"],
              ["placementId", "99999"],
            ],
            staff,
          ),
        )
      ).status,
    ).toBe(404);
  });
});

describe("staff notes on foster and volunteer applications, and the waiting figure", () => {
  it("staff add notes that only staff read; a foster waiting and a confirmed volunteer count as waiting", async () => {
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const applicant = await createAccount(t.env.DB);
    const fosterId = await insertFoster(t.env.DB, applicant.id, "applied");
    const now = Date.now();
    const volunteer = await t.env.DB.prepare(
      "insert into volunteer_applications (role, name, email, phone, availability, interests, age, status, confirmed_at, status_changed_at, created_at) values ('social-media', 'Val', 'val@example.com', '707 555 0101', '[\"monday-morning\"]', '[]', 'adult', 'new', ?, ?, ?) returning id",
    )
      .bind(now, now, now)
      .first<{ id: number }>();

    const before = (await respond(t, petAdminLoader, withCookies(getRequest("/petadmin"), staff))).data as {
      waiting: { fosters: number; volunteers: number };
    };
    expect(before.waiting.fosters).toBeGreaterThanOrEqual(1);
    expect(before.waiting.volunteers).toBe(1);

    const note = (path: string, jar: CookieJar, text = "Called; lovely garden.") =>
      post(
        path,
        [
          ["intent", "note"],
          ["note", text],
        ],
        jar,
      );
    const fosterPath = `/petadmin/inbox/foster/${fosterId}`;
    expect(
      (await respond(t, fosterInboxAction, note(fosterPath, await signedIn(t, applicant)), { id: String(fosterId) }))
        .status,
    ).toBe(403);
    expect((await respond(t, fosterInboxAction, note(fosterPath, staff, ""), { id: String(fosterId) })).status).toBe(
      400,
    );
    expect(
      (await respond(t, fosterInboxAction, note(fosterPath, staff), { id: String(fosterId) })).headers.get("Location"),
    ).toBe(`${fosterPath}?done=note#notes`);
    const fosterView = (
      await respond(t, fosterInboxLoader, withCookies(getRequest(fosterPath), staff), { id: String(fosterId) })
    ).data as { notes: { text: string }[] };
    expect(fosterView.notes.map((n) => n.text)).toEqual(["Called; lovely garden."]);

    const volunteerPath = `/petadmin/inbox/volunteer/${volunteer!.id}`;
    expect(
      (
        await respond(t, volunteerInboxAction, note(volunteerPath, staff, "Good with cameras."), {
          id: String(volunteer!.id),
        })
      ).status,
    ).toBe(302);
    const volunteerView = (
      await respond(t, volunteerInboxLoader, withCookies(getRequest(volunteerPath), staff), {
        id: String(volunteer!.id),
      })
    ).data as { notes: { text: string }[] };
    expect(volunteerView.notes.map((n) => n.text)).toEqual(["Good with cameras."]);
    // Tied by foreign key: the notes go with their application.
    await t.env.DB.prepare("delete from volunteer_applications where id = ?").bind(volunteer!.id).run();
    expect(await rows("select id from inbox_notes where kind = 'volunteer'")).toEqual([]);
  });
});

describe("fosters are told (issue 40)", () => {
  async function mailsTo(to: string) {
    await t.settle();
    return rows<{ subject: string; text: string }>(
      'select subject, text from outbox_messages where "to" = ? order by id',
      to,
    );
  }

  it("of a pet placed with them, a note approved or rejected, and a placement ended, in their language, with a link to My foster pets", async () => {
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const english = await createAccount(t.env.DB, { firstName: "Edna", email: "edna-foster@example.com" });
    const englishFoster = await insertFoster(t.env.DB, english.id);
    const spanish = await createAccount(t.env.DB, { firstName: "Sofía", email: "sofia-foster@example.com" });
    await t.env.DB.prepare("update users set language = 'es' where id = ?").bind(spanish.id).run();
    const spanishFoster = await insertFoster(t.env.DB, spanish.id);
    const dog = await insertPet(t.env.DB, { name: "Mailbox", species: "Dog" });
    const cat = await insertPet(t.env.DB, { name: "Cartero", species: "Cat" });

    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "place"],
          ["petId", String(dog.id)],
          ["fosterId", String(englishFoster)],
          ["listing", "listed"],
        ],
        staff,
      ),
    );
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "place"],
          ["petId", String(cat.id)],
          ["fosterId", String(spanishFoster)],
          ["listing", "unlisted"],
        ],
        staff,
      ),
    );
    const [placed] = await mailsTo(english.email);
    expect(placed!.subject).toBe("Mailbox is placed with you");
    expect(placed!.text).toContain("Hello Edna,");
    expect(placed!.text).toContain("Active (fostering)");
    expect(placed!.text).toContain("http://localhost/foster/pets");
    const [colocado] = await mailsTo(spanish.email);
    expect(colocado!.subject).toBe("Cartero está en tu casa");
    expect(colocado!.text).toContain("http://localhost/es/foster/pets");

    const noteOn = async (account: typeof english, petId: number, text: string) => {
      const [placement] = await rows<{ id: number }>(
        "select id from foster_placements where pet_id = ? and ended_at is null",
        petId,
      );
      await respond(t, petsAction, postNote(placement!.id, text, await signedIn(t, account)));
      return (await rows<{ id: number }>("select id from foster_notes where text = ?", text))[0]!.id;
    };
    const approved = await noteOn(english, dog.id, "Mailbox waits at the door for the post.");
    const rejected = await noteOn(english, dog.id, "Mailbox chewed the sofa.");
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "approve-note"],
          ["noteId", String(approved)],
        ],
        staff,
      ),
    );
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "reject-note"],
          ["noteId", String(rejected)],
        ],
        staff,
      ),
    );
    const spanishNote = await noteOn(spanish, cat.id, "Cartero duerme mucho.");
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "approve-note"],
          ["noteId", String(spanishNote)],
        ],
        staff,
      ),
    );

    const [englishPlacement] = await rows<{ id: number }>("select id from foster_placements where pet_id = ?", dog.id);
    await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "end"],
          ["placementId", String(englishPlacement!.id)],
        ],
        staff,
      ),
    );

    expect((await mailsTo(english.email)).map((mail) => mail.subject)).toEqual([
      "Mailbox is placed with you",
      "Your note about Mailbox is on the pet's page",
      "About your note on Mailbox",
      "Mailbox's stay with you has ended",
    ]);
    const rejectedMail = (await mailsTo(english.email))[2]!;
    expect(rejectedMail.text).toContain("its photos have been deleted");
    expect((await mailsTo(spanish.email)).map((mail) => mail.subject)).toEqual([
      "Cartero está en tu casa",
      "Tu nota sobre Cartero está en su página",
    ]);
  });

  it("only at a confirmed address (decision 041)", async () => {
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const unconfirmed = await createAccount(t.env.DB, { email: "unproven-foster@example.com", confirmed: false });
    const fosterId = await insertFoster(t.env.DB, unconfirmed.id);
    const pet = await insertPet(t.env.DB, { name: "Unsent" });
    const placed = await respond(
      t,
      rosterAction,
      post(
        "/petadmin/fosters",
        [
          ["intent", "place"],
          ["petId", String(pet.id)],
          ["fosterId", String(fosterId)],
          ["listing", "listed"],
        ],
        staff,
      ),
    );
    expect(placed.status).toBe(302);
    expect(await mailsTo(unconfirmed.email)).toEqual([]);
  });
});
