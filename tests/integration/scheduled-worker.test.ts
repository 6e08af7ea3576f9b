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

it("runs the e2e tests' trigger (POST /dev/scheduled) at the given time only on a server started for them; elsewhere the site answers as for any unknown address", async () => {
  const end = new Date("2026-11-26T01:00:00Z");
  const fire = (on: BuiltWorker, time: Date, method = "POST") =>
    on.fetch(`http://localhost/dev/scheduled?cron=${encodeURIComponent(crons.hourly)}&time=${time.getTime()}`, {
      method,
    });
  await createAccount(worker.db, { email: "e2e-cron@example.com" });
  const held = { onHoldEmail: "e2e-cron@example.com", onHoldDate: new Date(end.getTime() - 86_400_000) };
  const pet = await insertPet(worker.db, { name: "Trigger", ...held, onHoldUntil: end });
  const unknown = (on: BuiltWorker, method = "POST") =>
    on.fetch("http://localhost/dev/no-such-page", { method }).then((response) => response.status);
  // This worker runs in development without E2E_TEST_DATA, as `npm start` does.
  const refused = await fire(worker, new Date(end.getTime() + 60_000));
  expect(refused.status).not.toBe(200);
  expect(refused.status).toBe(await unknown(worker));
  expect(await worker.db.prepare("select on_hold_email from pets where id = ?").bind(pet.id).first()).toEqual({
    on_hold_email: "e2e-cron@example.com",
  });

  const e2e = await startBuiltWorker({ E2E_TEST_DATA: "on" });
  try {
    await createAccount(e2e.db, { email: "e2e-cron@example.com" });
    const other = await insertPet(e2e.db, { name: "Trigger", ...held, onHoldUntil: end });
    expect((await fire(e2e, new Date(end.getTime() + 60_000), "GET")).status).toBe(await unknown(e2e, "GET"));
    const bad = await e2e.fetch("http://localhost/dev/scheduled?cron=x&time=soon", { method: "POST" });
    expect(bad.status).toBe(400);

    const answer = await fire(e2e, new Date(end.getTime() + 60_000));
    expect(answer.status).toBe(200);
    const run = (await answer.json()) as { outcome: string; steps: { step: string; ok: boolean }[] };
    expect(run.outcome).toBe("ok");
    expect(run.steps.length).toBeGreaterThan(0);
    expect(run.steps.filter((step) => !step.ok)).toEqual([]);
    expect(await e2e.db.prepare("select on_hold_email from pets where id = ?").bind(other.id).first()).toEqual({
      on_hold_email: null,
    });
  } finally {
    await e2e.dispose();
  }
  const prod = await startBuiltWorker({ E2E_TEST_DATA: "on", APP_ENV: "production" });
  try {
    const status = (await fire(prod, new Date(end.getTime() + 60_000))).status;
    expect(status).not.toBe(200);
    expect(status).toBe(await unknown(prod));
  } finally {
    await prod.dispose();
  }
});
