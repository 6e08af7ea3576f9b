import { describe, expect, it, vi } from "vitest";
import { servePage } from "./page-cache";
import { withHandledBackgroundWork } from "./background";
import { publicPageCacheControl } from "#app/lib/http/http-cache";

/** A context like workerd's: it keeps each promise it is given, as the runtime waits for them. */
function executionContext() {
  const kept: Promise<unknown>[] = [];
  return {
    kept,
    ctx: {
      waitUntil: (promise: Promise<unknown>) => void kept.push(promise),
      passThroughOnException: () => {},
      props: {},
    } as unknown as ExecutionContext,
  };
}

const lost = () => new Error("Network connection lost.");
const publicPage = async () =>
  new Response("<!DOCTYPE html><p>Dogs</p>", {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": publicPageCacheControl },
  });

describe("work after the answer", () => {
  it("the page cache keeps its page after answering, and a D1 or cache call cut short there is logged once, never left unhandled", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const kept: Promise<unknown>[] = [];
    const cache = { match: async () => undefined, put: async () => Promise.reject(lost()), delete: async () => false };
    for (const remember of [async () => Promise.reject(lost()), async () => true]) {
      const answer = await servePage(
        new Request("http://localhost/adopt/dog"),
        { cache, waitUntil: (promise) => void kept.push(promise), remember },
        publicPage,
      );
      expect(answer.status).toBe(200);
    }
    // Each promise handed to waitUntil settles without rejecting: nothing is reported as "Uncaught".
    await expect(Promise.all(kept)).resolves.toBeDefined();
    expect(errors).toHaveBeenCalledTimes(2);
    expect(errors.mock.calls.map((call) => String(call.at(-1)))).toEqual([
      "Error: Network connection lost.",
      "Error: Network connection lost.",
    ]);
    errors.mockRestore();
  });

  it("whatever code hands waitUntil a promise without a handler, its failure is logged once and handled", async () => {
    const { kept, ctx } = executionContext();
    const log = vi.fn();
    const guarded = withHandledBackgroundWork(ctx, log);
    guarded.waitUntil(Promise.reject(lost()));
    guarded.waitUntil(Promise.resolve("sent"));
    await expect(Promise.all(kept)).resolves.toEqual([undefined, "sent"]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![1]).toEqual(lost());
    // The rest of the context is the runtime's own.
    expect(guarded.passThroughOnException).toBeTypeOf("function");
  });
});
