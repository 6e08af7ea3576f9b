import fc from "fast-check";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createDb } from "#app/db/client.server";
import { submitApplication } from "#app/models/applications.server";
import { action as myAction } from "#app/routes/adopt/applications";
import { action as itemAction } from "#app/routes/petadmin/inbox/application";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { crons, runScheduled } from "#server/scheduled";
import { type CookieJar, createTestEnv, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";
import { i18nFor } from "#app/locales/catalogs.server";

/**
 * Random sequences of staff and adopter actions on one pet with two applicants, through the real
 * actions and the real scheduled run (issue 22): after every step at most one application is approved
 * or adopted, and it agrees with the pet (approved: the pet is held for its applicant; adopted: the
 * pet is newly adopted by its applicant). Clicks come from a fresh page or from one opened earlier.
 */
let t: TestEnv;
let staff: CookieJar;
const applicants: { email: string; userId: number; jar: CookieJar }[] = [];
beforeAll(async () => {
  // Each scheduled run logs its steps' counts; hundreds of runs here would only fill the output.
  vi.spyOn(console, "log").mockImplementation(() => {});
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
  for (const name of ["Ada", "Bo"]) {
    const account = await createAccount(t.env.DB, { firstName: name });
    applicants.push({ email: account.email, userId: account.id, jar: await signedIn(t, account) });
  }
});
afterAll(() => t.dispose());

type Who = 0 | 1;
type Page = "fresh" | "old";
type Step =
  | { kind: "open"; who: Who }
  | { kind: "review" | "approve" | "decline" | "adopt"; who: Who; page: Page }
  | { kind: "withdraw"; who: Who; page: Page }
  | { kind: "hold" | "petAdopt"; email: Who | 2; page: Page }
  | { kind: "release" | "endHold"; page: Page }
  | { kind: "scheduled" };

const who = fc.constantFrom<Who>(0, 1);
const page = fc.constantFrom<Page>("fresh", "fresh", "fresh", "old");
// Weighted towards what contests the pet: approvals, adoptions and the ways a hold ends.
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("open" as const), who }),
  { arbitrary: fc.record({ kind: fc.constant("approve" as const), who, page }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant("adopt" as const), who, page }), weight: 2 },
  fc.record({ kind: fc.constantFrom("review" as const, "decline" as const), who, page }),
  fc.record({ kind: fc.constant("withdraw" as const), who, page }),
  fc.record({
    kind: fc.constantFrom("hold" as const, "petAdopt" as const),
    email: fc.constantFrom<Who | 2>(0, 1, 2),
    page,
  }),
  { arbitrary: fc.record({ kind: fc.constantFrom("release" as const, "endHold" as const), page }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("scheduled" as const) }), weight: 2 },
);

const first = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .first<T>();
type PetRow = { version: number; on_hold_email: string | null; adopted_email: string | null };
type AppRow = { status: string; version: number };

it("never lets two applications hold or adopt one pet, nor an application disagree with the pet", async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      run += 1;
      const pet = await insertPet(t.env.DB, { name: `Contested ${run}`, species: "Dog" });
      // Both apply while the pet is free (sent as the apply form sends them; that form has its own tests).
      const ids: number[] = [];
      for (const { userId } of applicants) {
        const sent = await submitApplication(createDb(t.env.DB), userId, pet.id, goodAnswers);
        if (sent === "exists") throw new Error("a fresh pet has no application yet");
        ids.push(sent.id);
      }
      const petNow = async () =>
        (await first<PetRow>("select version, on_hold_email, adopted_email from pets where id = ?", pet.id))!;
      const appNow = async (index: Who) =>
        (await first<AppRow>("select status, version from adoption_applications where id = ?", ids[index]))!;
      // What each "page" showed when it was opened: the application's version and the pet's.
      const opened = { apps: [1, 1], pet: 1 };
      const version = async (index: Who, from: Page) =>
        String(from === "old" ? opened.apps[index] : (await appNow(index)).version);
      const petVersion = async (from: Page) => String(from === "old" ? opened.pet : (await petNow()).version);
      const emailOf = (index: Who | 2) => (index === 2 ? "walk.in@example.com" : applicants[index]!.email);

      for (const [index, action] of steps.entries()) {
        let status = 0;
        switch (action.kind) {
          case "open":
            opened.apps[action.who] = (await appNow(action.who)).version;
            opened.pet = (await petNow()).version;
            break;
          case "review":
          case "approve":
          case "decline":
          case "adopt": {
            const fields: Record<string, string> = {
              intent: action.kind,
              version: await version(action.who, action.page),
            };
            if (action.kind === "decline") fields.reason = "We chose another home for this pet.";
            const id = ids[action.who]!;
            status = (
              await respond(t, itemAction, withCookies(postForm(`/petadmin/inbox/application/${id}`, fields), staff), {
                id: String(id),
              })
            ).status;
            break;
          }
          case "withdraw": {
            const fields = {
              intent: "withdraw",
              id: String(ids[action.who]),
              version: await version(action.who, action.page),
            };
            status = (
              await respond(t, myAction, withCookies(postForm("/applications", fields), applicants[action.who]!.jar))
            ).status;
            break;
          }
          case "hold":
          case "petAdopt":
          case "release":
          case "endHold": {
            const intent = action.kind === "petAdopt" ? "adopt" : action.kind === "endHold" ? "release" : action.kind;
            const fields: Record<string, string> = {
              intent,
              petId: String(pet.id),
              version: await petVersion(action.page),
            };
            if ("email" in action) fields.email = emailOf(action.email);
            status = (await respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), staff))).status;
            break;
          }
          case "scheduled":
            // Far enough ahead that every hold of this pet is past its end.
            await runScheduled(t.env, crons.hourly, Date.now() + 10 * 24 * 60 * 60 * 1000, i18nFor);
            break;
        }
        await t.settle();
        const where = `step ${index} ${JSON.stringify(action)} of ${JSON.stringify(steps)}`;
        // A refused click is a clear answer (a stale page, a move the state does not allow), never a 500.
        if (status !== 0) expect([302, 400, 409], where).toContain(status);
        const petRow = await petNow();
        const apps = [await appNow(0), await appNow(1)];
        const deciding = apps.flatMap((app, at) =>
          app.status === "approved" || app.status === "adopted" ? [{ ...app, email: applicants[at]!.email }] : [],
        );
        expect(deciding.length, where).toBeLessThanOrEqual(1);
        for (const app of deciding) {
          if (app.status === "approved")
            expect({ held: petRow.on_hold_email, adopted: petRow.adopted_email }, where).toEqual({
              held: app.email,
              adopted: null,
            });
          else expect(petRow.adopted_email, where).toBe(app.email);
        }
      }
    }),
    { numRuns: 10 },
  );
}, 60_000);
