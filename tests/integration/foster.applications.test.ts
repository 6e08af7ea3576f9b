import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction, loader as applyLoader } from "#app/routes/foster/apply";
import { loader as applicationsLoader } from "#app/routes/adopt/applications";
import { loader as inboxLoader } from "#app/routes/petadmin/inbox/index";
import { action as fosterAction, loader as fosterLoader } from "#app/routes/petadmin/inbox/foster";
import { loader as rosterLoader } from "#app/routes/petadmin/fosters";
import { shelter } from "#app/config/shelter";
import { createTestEnv, getRequest, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { goodFosterAnswers } from "../builders/fosters";
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
async function subjectsTo(to: string) {
  await t.settle();
  return (await rows<{ subject: string }>('select subject from outbox_messages where "to" = ? order by id', to)).map(
    (mail) => mail.subject,
  );
}
function post(path: string, fields: [string, string][], jar: CookieJar) {
  return withCookies(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    jar,
  );
}

describe("foster applications", () => {
  it("keep a draft, are sent once, show on /applications, reach the inbox, and staff decisions are emailed", async () => {
    const { id: petId } = await insertPet(t.env.DB, { name: "Pickle", species: "Cat" });
    const account = await createAccount(t.env.DB, {
      email: "frankie@example.com",
      firstName: "Frankie",
      lastName: "Foster",
    });
    const jar = await signedIn(t, account);
    const page = await respond(t, applyLoader, withCookies(getRequest(`/foster/apply?pet_id=${petId}`), jar));
    expect(page.data).toMatchObject({
      pet: { name: "Pickle" },
      refusal: null,
      sent: null,
      defaults: { fullName: "Frankie Foster" },
    });

    const draft = await respond(
      t,
      applyAction,
      post(
        `/foster/apply?pet_id=${petId}`,
        [
          ["intent", "draft"],
          ["city", "Arcata"],
          ["canTake", "cats"],
        ],
        jar,
      ),
    );
    expect(draft.headers.get("Location")).toBe(`/foster/apply?pet_id=${petId}&saved=draft`);
    expect((await respond(t, applyLoader, withCookies(getRequest("/foster/apply"), jar))).data).toMatchObject({
      hasDraft: true,
      defaults: { city: "Arcata", canTake: "cats" },
    });

    const refused = await respond(
      t,
      applyAction,
      post(
        `/foster/apply?pet_id=${petId}`,
        [["intent", "submit"], ...goodFosterAnswers.filter(([name]) => name !== "canTake")],
        jar,
      ),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.data as { result: { error: Record<string, string[]> } }).result.error)).toEqual([
      "canTake",
    ]);

    const sent = await respond(
      t,
      applyAction,
      post(`/foster/apply?pet_id=${petId}`, [["intent", "submit"], ...goodFosterAnswers], jar),
    );
    expect(sent.headers.get("Location")).toBe("/applications?sent=foster");
    expect(await subjectsTo("frankie@example.com")).toEqual(["We have your foster application"]);
    expect(await subjectsTo(shelter.email)).toContain("New foster application from Frankie Foster");
    // Sent once: a second send or a draft changes nothing.
    expect(
      (
        await respond(
          t,
          applyAction,
          post(
            "/foster/apply",
            [
              ["intent", "draft"],
              ["city", "Elsewhere"],
            ],
            jar,
          ),
        )
      ).headers.get("Location"),
    ).toBe("/applications");
    expect((await rows<{ answers: string }>("select answers from foster_applications"))[0]!.answers).toContain(
      "Arcata",
    );

    const mine = (await respond(t, applicationsLoader, withCookies(getRequest("/applications"), jar))).data as {
      foster: unknown;
    };
    expect(mine.foster).toEqual({ status: "applied", statusLabel: "Applied", petName: "Pickle", petId });

    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const inbox = (await respond(t, inboxLoader, withCookies(getRequest("/petadmin/inbox?kind=foster"), staff)))
      .data as { items: { id: number; kind: string; what: string }[] };
    expect(inbox.items).toEqual([expect.objectContaining({ kind: "foster", what: "Fostering (asked about Pickle)" })]);
    const id = inbox.items[0]!.id;
    const view = (
      await respond(t, fosterLoader, withCookies(getRequest(`/petadmin/inbox/foster/${id}`), staff), { id: String(id) })
    ).data as { application: { version: number; canTake: string }; moves: string[] };
    expect(view.moves).toEqual(["approved", "declined"]);
    expect(view.application.canTake).toBe("Cats, Kittens or puppies that need bottle feeding");

    const move = (status: string, version: number, jarOf = staff) =>
      respond(
        t,
        fosterAction,
        post(
          `/petadmin/inbox/foster/${id}`,
          [
            ["status", status],
            ["version", String(version)],
          ],
          jarOf,
        ),
        { id: String(id) },
      );
    expect((await move("approved", view.application.version, jar)).status).toBe(403);
    expect((await move("inactive", view.application.version)).status).toBe(409);
    expect((await move("approved", view.application.version - 1)).status).toBe(409);
    expect((await move("approved", view.application.version)).headers.get("Location")).toBe(
      `/petadmin/inbox/foster/${id}?done=approved`,
    );
    expect(await subjectsTo("frankie@example.com")).toEqual([
      "We have your foster application",
      `You are approved as a ${shelter.name} foster`,
    ]);
    // Approved: on the roster for cats (3 places, away 10 to 20 January 2027), not for dogs.
    const roster = async (query: string, jarOf = staff) =>
      respond(t, rosterLoader, withCookies(getRequest(`/petadmin/fosters${query}`), jarOf));
    const names = async (query: string) =>
      ((await roster(query)).data as { fosters: { name: string }[] }).fosters.map((foster) => foster.name);
    expect(await names("?species=cats&places=3")).toEqual(["Frankie Foster"]);
    expect(await names("?species=cats&places=4")).toEqual([]);
    expect(await names("?species=dogs")).toEqual([]);
    expect(await names("?free_on=2027-01-15")).toEqual([]);
    expect(await names("?free_on=2027-01-21&species=__proto__")).toEqual(["Frankie Foster"]);
    expect((await roster("", jar)).status).toBe(403);
    expect((await move("on_break", view.application.version + 1)).status).toBe(302);
    expect(await names("")).toEqual([]);
    expect((await subjectsTo("frankie@example.com")).at(-1)).toBe("Your foster break");
  });

  it("is for confirmed, non-staff accounts; visitors sign in first; an unknown pet is not found", async () => {
    expect((await respond(t, applyLoader, getRequest("/foster/apply"))).status).toBe(302);
    const unconfirmed = await signedIn(t, await createAccount(t.env.DB, { confirmed: false }));
    expect((await respond(t, applyLoader, withCookies(getRequest("/foster/apply"), unconfirmed))).data).toMatchObject({
      refusal: "unconfirmed",
    });
    expect(
      (await respond(t, applyAction, post("/foster/apply", [["intent", "submit"], ...goodFosterAnswers], unconfirmed)))
        .status,
    ).toBe(403);
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    expect(
      (await respond(t, applyAction, post("/foster/apply", [["intent", "submit"], ...goodFosterAnswers], staff)))
        .status,
    ).toBe(403);
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    expect((await respond(t, applyLoader, withCookies(getRequest("/foster/apply?pet_id=99999"), adopter))).status).toBe(
      404,
    );
    expect(
      (await respond(t, fosterLoader, withCookies(getRequest("/petadmin/inbox/foster/1"), adopter), { id: "1" }))
        .status,
    ).toBe(403);
  });
});
