import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffGrantOutcome, staffGrantStatements, type StaffGrantRow } from "../../scripts/lib/staff-grant";
import { createTestEnv, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

/** Runs what `npm run staff:grant` sends to `wrangler d1 execute`, and what it would print. */
async function grant(email: string, role: "owner" | "admin" | "member") {
  const results = await t.env.DB.batch(
    staffGrantStatements(email, role).map((statement) => t.env.DB.prepare(statement)),
  );
  return staffGrantOutcome(email, results.at(-1)?.results[0] as StaffGrantRow | undefined);
}
const roleOf = async (userId: number) =>
  (await t.env.DB.prepare("select role from memberships where user_id = ?").bind(userId).first<{ role: string }>())
    ?.role ?? null;

describe("npm run staff:grant", () => {
  it("makes a confirmed account staff", async () => {
    const account = await createAccount(t.env.DB, { email: "confirmed.staff@example.com" });
    expect(await grant(account.email, "owner")).toEqual({
      message: "confirmed.staff@example.com is now owner of Sequoia Humane Society.",
      exitCode: 0,
    });
    expect(await roleOf(account.id)).toBe("owner");
  });

  it("refuses an account whose address is not confirmed, and says why", async () => {
    const account = await createAccount(t.env.DB, { email: "registered.by.someone@example.com", confirmed: false });
    const outcome = await grant(account.email, "owner");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.message).toMatch(/has not confirmed the email address yet/);
    expect(await roleOf(account.id)).toBeNull();
  });

  it("says when there is no account", async () => {
    expect(await grant("nobody.here@example.com", "member")).toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(/^No account for/),
    });
  });
});
