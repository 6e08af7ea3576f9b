import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "#app/lib/email/alert-tokens";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/adopt/alerts-unsubscribe";
import { localAlertSecret } from "../../scripts/lib/local-worker";
import { createTestEnv, getRequest, postForm, respond, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";

/**
 * Issue 22: the development alert secret was a constant, so anyone who read the source could sign an
 * unsubscribe link for any user of a local or staging copy. Each local state folder and each test file
 * now has a secret of its own; the links rotate with it (decision 041).
 */
let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const formerConstant = "local-development-alert-secret";
const subscribed = (id: number) =>
  t.env.DB.prepare("select new_pet_alerts as on_ from users where id = ?").bind(id).first();

describe("the unsubscribe links' secret outside production", () => {
  it("refuses a link signed with the former constant, in development mode", async () => {
    const account = await createAccount(t.env.DB);
    await t.env.DB.prepare("update users set new_pet_alerts = 1 where id = ?").bind(account.id).run();
    const forged = await unsubscribeToken(account.id, formerConstant);
    const page = await respond(
      t,
      unsubscribeLoader,
      getRequest(`/alerts/unsubscribe?user=${account.id}&token=${forged}`),
    );
    expect(page.data).toMatchObject({ state: "invalid" });
    const post = await respond(
      t,
      unsubscribeAction,
      postForm(`/alerts/unsubscribe?user=${account.id}&token=${forged}`, { "List-Unsubscribe": "One-Click" }),
    );
    expect(post.status).toBe(400);
    expect(await subscribed(account.id)).toEqual({ on_: 1 });

    // The link this copy signs itself works.
    const real = await unsubscribeToken(account.id, t.context.config.alertTokenSecret!);
    const done = await respond(
      t,
      unsubscribeAction,
      postForm(`/alerts/unsubscribe?user=${account.id}&token=${real}`, { "List-Unsubscribe": "One-Click" }),
    );
    expect(done.headers.get("Location")).toBe("/alerts/unsubscribe?done");
    expect(await subscribed(account.id)).toEqual({ on_: 0 });
  });

  it("has no secret at all when none is set: no alert is signed with a guessable one", async () => {
    const bare = await createTestEnv({ ALERT_TOKEN_SECRET: "" });
    try {
      expect(bare.context.config.alertTokenSecret).toBeNull();
      const page = await respond(
        bare,
        unsubscribeLoader,
        getRequest(`/alerts/unsubscribe?user=1&token=${await unsubscribeToken(1, formerConstant)}`),
      );
      expect(page.data).toMatchObject({ state: "invalid" });
    } finally {
      await bare.dispose();
    }
  });

  it("makes one secret per local state folder, kept across restarts, private to its owner", () => {
    const first = mkdtempSync(path.join(tmpdir(), "sequoia-state-"));
    const second = mkdtempSync(path.join(tmpdir(), "sequoia-state-"));
    try {
      const secret = localAlertSecret(first);
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(localAlertSecret(first)).toBe(secret);
      expect(localAlertSecret(second)).not.toBe(secret);
      expect(statSync(path.join(first, "alert-token-secret")).mode & 0o077).toBe(0);
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
