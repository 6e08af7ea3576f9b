/**
 * A D1 or R2 call that failed (after its retries, for reads). The bindings given to the app wrap every
 * failure in this class, so a route can tell "the database is unavailable" (show the form again, 503)
 * from a bug (let it reach the error page). The original error is the `cause`, for the log only: its
 * message may hold SQL and is never shown to visitors.
 */
const storageErrorBrand = Symbol.for("shelter-site.storage-error");

export class StorageError extends Error {
  /** A brand rather than `instanceof`: it holds even where two copies of this module are loaded (tests). */
  readonly [storageErrorBrand] = true;

  constructor(
    readonly service: "D1" | "R2",
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "StorageError";
  }
}

/** Whether `error` is, or was caused by (drizzle wraps driver errors), a storage failure. */
export function isStorageFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { [storageErrorBrand]?: boolean })[storageErrorBrand] === true) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** What a visitor reads when a save failed because D1 or R2 did. */
export const writeFailedMessage = /*i18n*/ "We couldn't save that just now — nothing was lost, please try again.";

/**
 * Runs the writes of an action; when D1 or R2 fails (the bindings have logged it), answers with
 * `failed(writeFailedMessage)` instead: the route shows its form again, with what was typed. Any other
 * error (a bug) goes on to the error page.
 */
export async function tryWrite<T, F>(write: () => Promise<T>, failed: (message: string) => F): Promise<T | F> {
  try {
    return await write();
  } catch (error) {
    if (!isStorageFailure(error)) throw error;
    return failed(writeFailedMessage);
  }
}
