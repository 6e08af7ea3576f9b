import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction } from "#app/routes/adopt/apply";
import { getApplication } from "#app/models/applications.server";
import { getPet } from "#app/models/pets.server";
import { decide, type DecisionScope, type PetDecision } from "#app/services/pet-decisions.server";
import { i18nFor } from "#app/locales/catalogs.server";
import { createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults, permanentD1Error } from "./faults";
import { signedIn } from "./signed-in";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { insertPet } from "../builders/pets";

/**
 * services/pet-decisions.server.ts on a real D1 (issue 41): each decision refuses, writes at the version
 * read, purges and tells, and answers with an outcome the routes map to HTTP.
 */
let t: TestEnv;
let scope: DecisionScope;
beforeAll(async () => {
  t = await createTestEnv();
  const staff = await createAccount(t.env.DB, { role: "member" });
  scope = { staffId: staff.id, origin: "http://localhost", i18n: i18nFor("en") };
});
afterAll(() => t.dispose());

const context = () => t.contextFor(getRequest("/petadmin"));
const run = (decision: PetDecision, asked: DecisionScope = scope) => decide(context(), decision, asked);
const petRow = (id: number) =>
  t.env.DB.prepare("select * from pets where id = ?").bind(id).first<Record<string, unknown>>();
const applicationRow = (id: number) =>
  t.env.DB.prepare("select status, version from adoption_applications where id = ?")
    .bind(id)
    .first<{ status: string; version: number }>();
const subjectsTo = async (to: string) => {
  await t.settle();
  const { results } = await t.env.DB.prepare('select subject from outbox_messages where "to" = ? order by id')
    .bind(to)
    .all<{ subject: string }>();
  return results.map((row) => row.subject);
};
const freshPet = async (petId: number) => (await getPet(context().db, petId))!;
const freshApplication = async (id: number) => (await getApplication(context().db, id))!;

/** A pet and a sent application for it, from a new adopter. */
async function applied(petName: string) {
  const pet = await insertPet(t.env.DB, { name: petName, species: "Dog" });
  const adopter = await createAccount(t.env.DB, { firstName: "Ada" });
  const jar = await signedIn(t, adopter);
  const sent = await respond(
    t,
    applyAction,
    withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), jar),
  );
  const id = Number(sent.headers.get("Location")!.split("=")[1]);
  return { pet, adopter, id };
}

describe("an adoption application's decisions", () => {
  it("approve holds the pet for the applicant and emails them; the same version again is a conflict", async () => {
    const { pet, adopter, id } = await applied("Approvable");
    const application = await freshApplication(id);
    expect(await run({ kind: "approve", application, version: application.application.version })).toEqual({
      kind: "done",
      notice: "approved",
    });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: adopter.email });
    expect(await applicationRow(id)).toMatchObject({ status: "approved" });
    expect(await subjectsTo(adopter.email)).toContain("Your application to adopt Approvable: approved");
    expect(await run({ kind: "approve", application, version: application.application.version })).toEqual({
      kind: "conflict",
    });
  });

  it("approve is refused, with nothing written, while the pet is on hold for someone else", async () => {
    const { pet, id } = await applied("Taken");
    await t.env.DB.prepare("update pets set on_hold_email = 'other@example.com', on_hold_date = ? where id = ?")
      .bind(Date.now(), pet.id)
      .run();
    const application = await freshApplication(id);
    const outcome = await run({ kind: "approve", application, version: application.application.version });
    expect(outcome).toEqual({
      kind: "refused",
      message:
        "Taken is already on hold for other@example.com. Remove that on the pet's page first, or decline this application.",
    });
    expect(await applicationRow(id)).toMatchObject({ status: "submitted", version: application.application.version });
  });

  it("refusals are in the language of the page that asked", async () => {
    const { pet, id } = await applied("Adoptado");
    await t.env.DB.prepare("update pets set adopted_email = 'other@example.com', adopted_date = ? where id = ?")
      .bind(Date.now(), pet.id)
      .run();
    const application = await freshApplication(id);
    const english = await run({ kind: "review", application, version: application.application.version });
    const spanish = await run(
      { kind: "review", application, version: application.application.version },
      { ...scope, i18n: i18nFor("es") },
    );
    expect(english).toEqual({
      kind: "refused",
      message: "Adoptado is newly adopted by other@example.com: decline this application instead.",
    });
    expect(spanish.kind).toBe("refused");
    expect(spanish).not.toEqual(english);
  });

  it("adopting the approved applicant closes the other applications for the pet and tells their applicants", async () => {
    const { pet, adopter, id } = await applied("Chosen");
    const other = await createAccount(t.env.DB, { firstName: "Bo" });
    const otherJar = await signedIn(t, other);
    const otherSent = await respond(
      t,
      applyAction,
      withCookies(postForm(`/adopt/apply?pet_id=${pet.id}`, { intent: "submit", ...goodAnswers }), otherJar),
    );
    const otherId = Number(otherSent.headers.get("Location")!.split("=")[1]);
    const application = await freshApplication(id);
    expect(await run({ kind: "approve", application, version: application.application.version })).toMatchObject({
      kind: "done",
    });
    const approved = await freshApplication(id);
    expect(
      await run({ kind: "adopt-applicant", application: approved, version: approved.application.version }),
    ).toEqual({ kind: "done", notice: "adopted" });
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: adopter.email, on_hold_email: null });
    expect(await applicationRow(otherId)).toMatchObject({ status: "no_longer_available" });
    expect((await subjectsTo(other.email)).length).toBeGreaterThan(1);
  });

  it("declining an approved application ends the pet's hold in the same write", async () => {
    const { pet, adopter, id } = await applied("Declinable");
    const application = await freshApplication(id);
    await run({ kind: "approve", application, version: application.application.version });
    const approved = await freshApplication(id);
    expect(
      await run({
        kind: "decline",
        application: approved,
        version: approved.application.version,
        reason: "Not a fit for a flat.",
      }),
    ).toEqual({ kind: "done", notice: "declined" });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null });
    expect(await applicationRow(id)).toMatchObject({ status: "declined" });
    expect(await subjectsTo(adopter.email)).toContain("Your application to adopt Declinable: declined");
  });
});

describe("a pet's decisions", () => {
  it("a draft is neither held nor adopted", async () => {
    const pet = await insertPet(t.env.DB, { name: "Drafty", publishedAt: null });
    const outcome = await run({ kind: "hold", pet, version: pet.version, email: "someone@example.com" });
    expect(outcome).toEqual({
      kind: "refused",
      message: "Drafty is a draft: publish Drafty before holding it or marking it adopted.",
    });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null, version: pet.version });
  });

  it("hold, extend and release each write at the version read and name what they did", async () => {
    const pet = await insertPet(t.env.DB, { name: "Holdable" });
    expect(await run({ kind: "hold", pet, version: pet.version, email: "holder@example.com" })).toEqual({
      kind: "done",
      notice: "held",
    });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: "holder@example.com" });
    // The page read before the hold is stale now.
    expect(await run({ kind: "release", pet, version: pet.version })).toEqual({ kind: "conflict" });
    const held = await freshPet(pet.id);
    expect(await run({ kind: "extend", pet: held, version: held.version })).toEqual({
      kind: "done",
      notice: "extended",
    });
    const extended = await freshPet(pet.id);
    expect(await run({ kind: "release", pet: extended, version: extended.version })).toEqual({
      kind: "done",
      notice: "released",
    });
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null });
  });

  it("adopt and unadopt; adopting twice is refused", async () => {
    const pet = await insertPet(t.env.DB, { name: "Homebound" });
    expect(await run({ kind: "adopt", pet, version: pet.version, email: "family@example.com" })).toEqual({
      kind: "done",
      notice: "adopted",
    });
    const adopted = await freshPet(pet.id);
    expect(await run({ kind: "adopt", pet: adopted, version: adopted.version, email: "another@example.com" })).toEqual({
      kind: "refused",
      message: "Homebound is already marked adopted by family@example.com.",
    });
    expect(await run({ kind: "unadopt", pet: adopted, version: adopted.version })).toEqual({
      kind: "done",
      notice: "unadopted",
    });
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: null });
  });

  it("delete moves the pet to Recently deleted and ends the hold of the application holding it", async () => {
    const { pet, adopter, id } = await applied("Deletable");
    const application = await freshApplication(id);
    await run({ kind: "approve", application, version: application.application.version });
    const held = await freshPet(pet.id);
    expect(await run({ kind: "delete", pet: held, version: held.version })).toEqual({
      kind: "done",
      notice: "deleted",
    });
    expect((await petRow(pet.id))!.deleted_at).not.toBeNull();
    expect(await applicationRow(id)).toMatchObject({ status: "hold_ended" });
    expect(await subjectsTo(adopter.email)).toContain("Your application to adopt Deletable: hold ended");
  });

  it("a D1 that fails is 'unavailable', in the page's language, with nothing written", async () => {
    const pet = await insertPet(t.env.DB, { name: "Unlucky" });
    const faults = injectFaults(t, { d1: [{ sql: /update "pets"/i, message: permanentD1Error }] });
    try {
      const outcome = await run({ kind: "hold", pet, version: pet.version, email: "holder@example.com" });
      expect(outcome).toEqual({
        kind: "unavailable",
        message: "We couldn't save that just now — nothing was lost, please try again.",
      });
      expect(faults.failures()).toBeGreaterThan(0);
    } finally {
      faults.restore();
    }
    expect(await petRow(pet.id)).toMatchObject({ on_hold_email: null, version: pet.version });
  });
});
