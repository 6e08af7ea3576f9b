import { describe, expect, it } from "vitest";
import { isStorageFailure, StorageError, tryWrite, writeFailedMessage } from "./storage-error";

describe("storage errors", () => {
  it("are recognised directly and through the errors wrapped around them", () => {
    const failure = new StorageError("D1", new Error("D1_ERROR: Network connection lost."));
    expect(isStorageFailure(failure)).toBe(true);
    expect(isStorageFailure(new Error("Failed query: insert into users", { cause: failure }))).toBe(true);
    expect(isStorageFailure(new Error("TypeError: x is undefined"))).toBe(false);
    expect(isStorageFailure(new Response(null, { status: 503 }))).toBe(false);
  });

  it("tryWrite answers with the fallback for a storage failure and lets anything else through", async () => {
    const failure = new StorageError("R2", new Error("put: Access denied"));
    await expect(
      tryWrite(
        () => Promise.reject(failure),
        (message) => ({ message }),
      ),
    ).resolves.toEqual({ message: writeFailedMessage });
    await expect(
      tryWrite(
        () => Promise.resolve("saved"),
        () => "fallback",
      ),
    ).resolves.toBe("saved");
    const bug = new TypeError("cannot read properties of undefined");
    await expect(
      tryWrite(
        () => Promise.reject(bug),
        () => "fallback",
      ),
    ).rejects.toBe(bug);
    const redirect = new Response(null, { status: 302 });
    await expect(
      tryWrite(
        () => Promise.reject(redirect),
        () => "fallback",
      ),
    ).rejects.toBe(redirect);
  });
});
