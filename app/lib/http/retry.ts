/** How often and how patiently a read is tried again. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The back-off before the second try; it doubles for each later one. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Reads are tried three times, with at most 25 + 50 ms of back-off: a visitor waits a little longer
 * rather than see an error page for a blip, and a real outage still answers quickly.
 */
export const readRetryPolicy: RetryPolicy = { attempts: 3, baseDelayMs: 25, maxDelayMs: 200 };

/**
 * Messages of D1 and R2 failures that Cloudflare documents as transient: the same query may succeed
 * when tried again (D1 "Retry queries" and its error list; R2 answers 5xx "We encountered an internal
 * error" / "Please try again"). Anything else (bad SQL, a constraint) fails the same way every time.
 */
const transientMessages = [
  "Network connection lost",
  "storage caused object to be reset",
  "reset because its code was updated",
  "Internal error",
  "internal error",
  "is overloaded",
  "Cannot resolve D1 DB due to transient issue",
  "timed out",
  "Please try again",
];

export function isTransientStorageError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    if (transientMessages.some((text) => message.includes(text))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** Exponential back-off with full jitter: a random wait up to base × 2^(retry − 1), capped. */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number = Math.random) {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `operation`, trying again after a back-off while it fails with an error `shouldRetry` accepts
 * and tries are left. Only for operations that are safe to repeat (reads).
 */
export async function withRetry<T>(
  operation: () => Promise<T>,
  {
    policy = readRetryPolicy,
    shouldRetry = isTransientStorageError,
    random = Math.random,
    sleep = wait,
  }: {
    policy?: RetryPolicy;
    shouldRetry?: (error: unknown) => boolean;
    random?: () => number;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= policy.attempts || !shouldRetry(error)) throw error;
      await sleep(backoffDelayMs(attempt, policy, random));
    }
  }
}
