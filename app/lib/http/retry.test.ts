import { describe, expect, it } from "vitest";
import { backoffDelayMs, isTransientStorageError, readRetryPolicy, withRetry } from "./retry";

const noWait = () => Promise.resolve();

function failing(messages: string[], value = "ok") {
  let calls = 0;
  const operation = async () => {
    calls += 1;
    const message = messages[calls - 1];
    if (message) throw new Error(message);
    return value;
  };
  return { operation, calls: () => calls };
}

describe("isTransientStorageError", () => {
  it.each([
    "D1_ERROR: Network connection lost.",
    "D1_ERROR: Internal error in D1 DB storage caused object to be reset.",
    "D1_ERROR: Durable Object reset because its code was updated.",
    "get: We encountered an internal error. Please try again. (10001)",
  ])("retries %s", (message) => {
    expect(isTransientStorageError(new Error(message))).toBe(true);
  });

  it("looks through the errors drizzle wraps around the driver's", () => {
    const wrapped = new Error("Failed query: select 1", { cause: new Error("D1_ERROR: Network connection lost.") });
    expect(isTransientStorageError(wrapped)).toBe(true);
  });

  it.each([
    "D1_ERROR: no such table: pets: SQLITE_ERROR",
    "D1_ERROR: UNIQUE constraint failed: users.email",
    "put: Access denied (10003)",
  ])("does not retry %s", (message) => {
    expect(isTransientStorageError(new Error(message))).toBe(false);
  });
});

describe("backoffDelayMs", () => {
  it("doubles the ceiling for each retry, up to the cap, with the jitter below it", () => {
    const policy = { attempts: 5, baseDelayMs: 25, maxDelayMs: 80 };
    expect([1, 2, 3, 4].map((retry) => backoffDelayMs(retry, policy, () => 0.999))).toEqual([24, 49, 79, 79]);
    expect(backoffDelayMs(3, policy, () => 0)).toBe(0);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(25);
  });
});

describe("withRetry", () => {
  it("answers with the second try when the first failed transiently, after one back-off", async () => {
    const { operation, calls } = failing(["D1_ERROR: Network connection lost."]);
    const waits: number[] = [];
    const result = await withRetry(operation, { random: () => 0.5, sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe("ok");
    expect(calls()).toBe(2);
    expect(waits).toEqual([Math.floor(readRetryPolicy.baseDelayMs / 2)]);
  });

  it("gives up after the policy's tries and throws the last error", async () => {
    const { operation, calls } = failing([
      "Network connection lost 1",
      "Network connection lost 2",
      "Network connection lost 3",
      "never",
    ]);
    await expect(withRetry(operation, { sleep: noWait })).rejects.toThrow("Network connection lost 3");
    expect(calls()).toBe(readRetryPolicy.attempts);
  });

  it("does not retry an error that would fail the same way again", async () => {
    const { operation, calls } = failing(["D1_ERROR: no such column: nmae"]);
    await expect(withRetry(operation, { sleep: noWait })).rejects.toThrow("no such column");
    expect(calls()).toBe(1);
  });

  it("waits the growing back-offs between tries", async () => {
    const { operation } = failing(["Network connection lost", "Network connection lost"]);
    const waits: number[] = [];
    await withRetry(operation, { random: () => 0.999, sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([24, 49]);
  });
});
