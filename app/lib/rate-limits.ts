import type { HeadersFunction } from "@remix-run/cloudflare";

/** Every rate limit of the site in one place: how many hits per window, per key. */
const minute = 60 * 1000;

export const limits = {
  /** Failed sign-ins, per account and per network address. */
  signInPerAccount: { limit: 5, windowMs: 15 * minute },
  signInPerAddress: { limit: 30, windowMs: 15 * minute },
  signUpPerAddress: { limit: 10, windowMs: 60 * minute },
  resendConfirmation: { limit: 3, windowMs: 15 * minute },
  forgotPasswordPerAccount: { limit: 3, windowMs: 60 * minute },
  forgotPasswordPerAddress: { limit: 10, windowMs: 60 * minute },
  /** Messages and newsletter sign-ups from the home page, per network address. */
  contactPerAddress: { limit: 5, windowMs: 60 * minute },
  newsletterPerAddress: { limit: 5, windowMs: 60 * minute },
} as const;

/** The client's address as Cloudflare reports it; all local requests share one. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

export function minutesFrom(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * The answer to a limited action: status 429 and when to try again (decision 017). The route's own
 * `headers` export must keep the Retry-After (`retryAfterHeaders`): Remix drops an action's headers otherwise.
 */
export function tooManyRequests(retryAfterSeconds: number): ResponseInit {
  return { status: 429, headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } };
}

/** The Retry-After of the action's answer, if it has one, for a route's `headers` export. */
export function retryAfterOf(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** The `headers` export of a route whose action may answer 429. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders);
