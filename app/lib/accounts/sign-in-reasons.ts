import { unprefixedPath } from "../i18n/locale";

/**
 * Why a visitor is asked to sign in, read from where they were going (the sign-in page's `redirectTo`,
 * which every sign-in wall sets): the page says so ("Sign in to apply to foster"), in either language.
 * Read from the path itself, so no one can make the sign-in page say anything else.
 */
export type SignInReason =
  | "adopt"
  | "foster"
  | "foster-pets"
  | "visit"
  | "applications"
  | "favorites"
  | "on-hold"
  | "adopted"
  | "profile"
  | "match"
  | "staff"
  | "join";

const reasons: [RegExp, SignInReason][] = [
  [/^\/adopt\/apply$/, "adopt"],
  [/^\/foster\/apply$/, "foster"],
  [/^\/foster\/pets$/, "foster-pets"],
  [/^\/applications\/[^/]+\/visit$/, "visit"],
  [/^\/applications$/, "applications"],
  [/^\/favorite$/, "favorites"],
  [/^\/on-hold$/, "on-hold"],
  [/^\/adopted$/, "adopted"],
  [/^\/user-profile$/, "profile"],
  [/^\/match$/, "match"],
  [/^\/petadmin(\/|$)/i, "staff"],
  [/^\/join$/, "join"],
];

/** The reason for a return path (`/es/foster/apply?pet_id=3` → "foster"), or null for any other page. */
export function signInReason(redirectTo: string): SignInReason | null {
  const path = unprefixedPath(redirectTo.split(/[?#]/)[0] ?? "").replace(/(.)\/+$/, "$1");
  return reasons.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
