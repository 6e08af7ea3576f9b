import type { HeadersFunction } from "@remix-run/cloudflare";

/** Every rate limit of the site in one place: how many hits per window, per key. */
const minute = 60 * 1000;

export const limits = {
  /**
   * Password checks, per account and per network address. Counted before the check, so parallel
   * guesses cannot pass it; a successful sign-in gives its count back (decision 026).
   */
  signInPerAccount: { limit: 5, windowMs: 15 * minute },
  signInPerAddress: { limit: 30, windowMs: 15 * minute },
  signUpPerAddress: { limit: 10, windowMs: 60 * minute },
  resendConfirmation: { limit: 3, windowMs: 15 * minute },
  forgotPasswordPerAccount: { limit: 3, windowMs: 60 * minute },
  forgotPasswordPerAddress: { limit: 10, windowMs: 60 * minute },
  /** Messages and newsletter sign-ups from the home page, per network address. */
  contactPerAddress: { limit: 5, windowMs: 60 * minute },
  newsletterPerAddress: { limit: 5, windowMs: 60 * minute },
  volunteerPerAddress: { limit: 5, windowMs: 60 * minute },
  /** Lost and found reports, per network address: each may carry three photos (issue 46). */
  lostFoundPerAddress: { limit: 5, windowMs: 60 * minute },
  /** "Send a message" to a report's author: per network address, and per report a day (issue 46). */
  lostFoundMessagesPerAddress: { limit: 10, windowMs: 60 * minute },
  lostFoundMessagesPerReport: { limit: 20, windowMs: 24 * 60 * minute },
  /** Answers through the site, per conversation (either side). */
  lostFoundRepliesPerThread: { limit: 20, windowMs: 60 * minute },
  /**
   * Gifts started on /donate, per network address (issue 43): each opens a session at the payment
   * provider. Room for a donor who tries again after a declined card; not for a card-testing robot.
   */
  giftsPerAddress: { limit: 10, windowMs: 60 * minute },
  /** Fosters' notes about their pets at home, per account: each may carry three photos (issue 39). */
  fosterNotesPerAccount: { limit: 10, windowMs: 60 * minute },
} as const;

/**
 * The network a client address belongs to, as a rate-limit key: an IPv4 address as it is, an IPv6
 * address by its /64 (one household or server is given a whole /64, so counting single addresses
 * would let it make billions of fresh guesses). An IPv4-mapped IPv6 address counts as its IPv4.
 */
export function networkKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (!trimmed.includes(":")) return trimmed;
  const mapped = trimmed.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = trimmed.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array.from({ length: Math.max(0, missing) }, () => "0"), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "") || "0");
  return `${prefix.join(":")}::/64`;
}

/** The client's network as Cloudflare reports it (see networkKey); all local requests share one. */
export function clientAddress(request: Request): string {
  const address = request.headers.get("CF-Connecting-IP");
  return address ? networkKey(address) : "local";
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
