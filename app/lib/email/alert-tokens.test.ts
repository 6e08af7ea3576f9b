import { expect, test } from "vitest";
import { isUnsubscribeToken, unsubscribeToken } from "./alert-tokens";

test("a token works for its user and secret only", async () => {
  const token = await unsubscribeToken(42, "secret-a");
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await isUnsubscribeToken(42, token, "secret-a")).toBe(true);
  expect(await isUnsubscribeToken(43, token, "secret-a")).toBe(false);
  expect(await isUnsubscribeToken(42, token, "secret-b")).toBe(false);
  expect(await isUnsubscribeToken(42, token.slice(1), "secret-a")).toBe(false);
  expect(await isUnsubscribeToken(42, "", "secret-a")).toBe(false);
});
