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
} as const;

/** The client's address as Cloudflare reports it; all local requests share one. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

export function minutesFrom(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
