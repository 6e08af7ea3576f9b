import { afterAll, beforeAll, expect, it } from "vitest";
import { crons } from "#server/scheduled";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";

/**
 * The Cron Trigger reaches the production bundle's `scheduled` handler (server/index.ts) on workerd:
 * the event's scheduledTime is the run's clock. The jobs themselves are tested in scheduled.test.ts.
 */
let worker: BuiltWorker;
beforeAll(async () => {
  worker = await startBuiltWorker();
}, 180_000);
afterAll(() => worker?.dispose());

it("ends a due hold and sends its email when the hourly trigger fires, and only once", async () => {
  const end = new Date("2026-11-25T01:00:00Z");
  // A confirmed account: mail goes only to proven addresses (decision 041).
  await createAccount(worker.db, { email: "cron@example.com" });
  const pet = await insertPet(worker.db, {
    name: "Cron",
    onHoldEmail: "cron@example.com",
    onHoldDate: new Date(end.getTime() - 86_400_000),
    onHoldUntil: end,
  });

  expect(await worker.scheduled(crons.hourly, new Date(end.getTime() - 60_000))).toMatchObject({ outcome: "ok" });
  expect(await worker.db.prepare("select on_hold_email from pets where id = ?").bind(pet.id).first()).toEqual({
    on_hold_email: "cron@example.com",
  });

  expect(await worker.scheduled(crons.hourly, new Date(end.getTime() + 60_000))).toMatchObject({ outcome: "ok" });
  expect(await worker.scheduled(crons.hourly, new Date(end.getTime() + 3_600_000))).toMatchObject({ outcome: "ok" });
  expect(await worker.db.prepare("select on_hold_email from pets where id = ?").bind(pet.id).first()).toEqual({
    on_hold_email: null,
  });
  const mail = await worker.db.prepare("select subject from outbox_messages where \"to\" = 'cron@example.com'").all();
  expect(mail.results).toEqual([{ subject: "Your hold on Cron has ended" }]);
});
