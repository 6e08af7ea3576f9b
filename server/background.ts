/**
 * Work that goes on after the answer (`ctx.waitUntil`) with nobody left to handle its failure: the
 * visitor may be gone (workerd then reports a D1 or cache call cut short as "Network connection
 * lost"). Every promise handed to `waitUntil` through this context gets a handler that logs its
 * failure once, so none is ever reported as an uncaught error, whichever code forgot its own catch.
 */
export function withHandledBackgroundWork<Context extends Pick<ExecutionContext, "waitUntil">>(
  ctx: Context,
  log: (message: string, error: unknown) => void = console.error,
): Context {
  const waitUntil = (promise: Promise<unknown>) =>
    ctx.waitUntil(Promise.resolve(promise).catch((error: unknown) => log("work after the answer failed", error)));
  return new Proxy(ctx, {
    get(target, property) {
      if (property === "waitUntil") return waitUntil;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
