import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { User } from "#app/db/schema";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "#app/lib/accounts/crypto";
import { hasPermission, type Permission } from "#app/lib/accounts/permissions";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { withRedirectTo } from "#app/lib/http/safe-redirect";
import { membershipsOf } from "#app/models/organisations.server";
import { securityEventInsert } from "#app/models/security-events.server";
import {
  createUser,
  findUserByEmail,
  findUserByGoogleSubject,
  linkGoogleToConfirmedAccount,
  setPasswordHash,
  takeOverUnconfirmedAccount,
} from "#app/models/users.server";
import { mergeVisitorAnswers } from "./match-answers.server";
import { applyPendingFavorite } from "./pending-favorite.server";
import { startSession, type Viewer } from "./session.server";
import { isSecureRequest, siteCookieName } from "./site-cookie.server";

/** The cookie in which remix-auth-oauth2 keeps a started Google sign-in's state and PKCE verifier. */
const oidcStateCookie = "oidc-state";

/** Set-Cookie values that clear every state cookie the browser sent (one per Google sign-in it started). */
export function clearedOidcStateCookies(request: Request): string[] {
  const prefix = siteCookieName(request, oidcStateCookie);
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(prefix));
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

/** A sign-in that failed for a reason the visitor may read. */
export class SignInError extends Error {}

/** A Google sign-in that failed once Google had named the address: the security log records it for that account. */
export class GoogleSignInFailed extends SignInError {
  constructor(
    message: string,
    readonly email: string,
  ) {
    super(message);
  }
}

export const wrongCredentials = "The email address or password is incorrect.";

/**
 * The cookies that sign a user in: a new session, the favorite they asked for as a visitor, and the
 * questionnaire answers they gave as a visitor (spec §4 bootstrap).
 * Every way of signing in (password, registration, Google) goes through here.
 */
export async function signedInHeaders(
  context: AppLoadContext,
  request: Request,
  user: { id: number; email: string },
  persistent: boolean,
  method: "password" | "google" | "registration",
) {
  const headers = new Headers();
  const event = securityEventInsert(context.db, {
    kind: "sign-in",
    user,
    address: clientAddress(request),
    detail: method,
  });
  headers.append("Set-Cookie", await startSession(context.db, request, user.id, persistent, [event]));
  const pending = await applyPendingFavorite(context.db, request, user.id);
  if (pending) headers.append("Set-Cookie", pending);
  const answers = await mergeVisitorAnswers(context.db, request, user.id);
  if (answers) headers.append("Set-Cookie", answers);
  return headers;
}

/**
 * Sends visitors to sign in, in the page's language, and back to this page afterwards; the sign-in page
 * reads from that path why it is asked (lib/accounts/sign-in-reasons.ts).
 */
export async function requireUser(context: AppLoadContext, request: Request): Promise<Viewer> {
  const viewer = await context.auth.viewer();
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(localizedPath(withRedirectTo("/sign-in", url.pathname + url.search), localeOfPath(url.pathname)));
}

/** Staff only, with the permission the page or action needs: visitors sign in, others get a 403. */
export async function requireStaff(context: AppLoadContext, request: Request, permission: Permission) {
  const viewer = await requireUser(context, request);
  if (!viewer.role || !hasPermission(viewer.role, permission)) {
    throw new Response("Forbidden", { status: 403 });
  }
  return { ...viewer, role: viewer.role };
}

/**
 * A staff member and the organisation where `permission` holds for them (their role there); a 403
 * unless it holds in one. The staff page and the security log read their organisation this way.
 */
export async function requireStaffOrganisation(context: AppLoadContext, request: Request, permission: Permission) {
  const viewer = await requireStaff(context, request, permission);
  const membership = (await membershipsOf(context.db, viewer.id)).find((m) => hasPermission(m.role, permission));
  if (!membership) throw new Response("Forbidden", { status: 403 });
  return { viewer, organisationId: membership.organisationId, organisation: membership.name, role: membership.role };
}

/** Pages like /sign-in and /register are for visitors; signed-in users go home. */
export async function requireAnonymous(context: AppLoadContext) {
  if (await context.auth.viewer()) throw redirect("/");
}

const googleProfile = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.union([z.boolean(), z.literal("true")]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** The name Google gives, split as our profile keeps it. */
function nameFromGoogle(profile: z.infer<typeof googleProfile>, email: string) {
  const [first = "", ...rest] = (profile.name ?? "").split(" ");
  return {
    firstName: profile.given_name || first || email.split("@")[0] || "Friend",
    lastName: profile.family_name || rest.join(" ") || "-",
  };
}

/**
 * First Google sign-in (spec §4 bootstrap): the account with that Google subject, else the account
 * with that email, else a new, confirmed account. An existing account is linked only if its address
 * was confirmed; an unconfirmed one is taken over clean, since its registrant never proved the
 * address and Google just did (decision 025).
 */
async function userFromGoogle(context: AppLoadContext, request: Request, accessToken: string): Promise<User> {
  const google = context.config.google;
  if (!google) throw new SignInError("Google sign-in is not configured.");
  const response = await fetch(google.userinfoEndpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new SignInError("Google did not tell us who you are.");
  const parsed = googleProfile.safeParse(await response.json());
  if (!parsed.success) throw new SignInError("Google did not share your email address.");
  const profile = parsed.data;
  try {
    return await accountForGoogleProfile(context, request, profile);
  } catch (error) {
    console.error("Google sign-in failed for a named address", error);
    const message =
      error instanceof SignInError ? error.message : "We could not sign you in with Google. Please try again.";
    throw new GoogleSignInFailed(message, profile.email.toLowerCase());
  }
}

async function accountForGoogleProfile(
  context: AppLoadContext,
  request: Request,
  profile: z.infer<typeof googleProfile>,
): Promise<User> {
  if (profile.email_verified !== true && profile.email_verified !== "true") {
    throw new SignInError("Your Google email address is not verified.");
  }

  const { db } = context;
  const bySubject = await findUserByGoogleSubject(db, profile.sub);
  if (bySubject) return bySubject;
  const email = profile.email.toLowerCase();
  const name = nameFromGoogle(profile, email);
  const created = await createUser(db, { email, ...name, googleSubject: profile.sub, emailConfirmedAt: new Date() });
  if (created) return created;
  const existing = await findUserByEmail(db, email);
  if (!existing) throw new SignInError("We could not create your account.");
  const address = clientAddress(request);
  const user = existing.emailConfirmedAt
    ? await linkGoogleToConfirmedAccount(db, existing, profile.sub, address)
    : ((await takeOverUnconfirmedAccount(db, existing.id, { subject: profile.sub, ...name }, address)) ??
      // Confirmed meanwhile (by its own link): the owner proved it, so it is linked instead.
      (await linkGoogleToConfirmedAccount(db, existing, profile.sub, address)));
  if (!user) throw new SignInError("We could not sign you in with Google. Please try again.");
  return user;
}

/**
 * remix-auth with two strategies: "password" (email and password from the sign-in form) and
 * "google" (OpenID Connect code flow with PKCE). Built per request, from this request's settings.
 */
export function createAuthenticator(context: AppLoadContext, request: Request) {
  const authenticator = new Authenticator<User>();
  const { db } = context;

  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      const user = await findUserByEmail(db, email);
      if (!user?.passwordHash) {
        await verifyAgainstNothing(password);
        throw new SignInError(wrongCredentials);
      }
      const { valid, needsRehash } = await verifyPassword(password, user.passwordHash);
      if (!valid) throw new SignInError(wrongCredentials);
      if (needsRehash) await setPasswordHash(db, user.id, await hashPassword(password));
      return user;
    }),
    "password",
  );

  const google = context.config.google;
  if (google) {
    const origin = new URL(request.url).origin;
    authenticator.use(
      new OAuth2Strategy(
        {
          clientId: google.clientId,
          clientSecret: google.clientSecret ?? null,
          authorizationEndpoint: google.authorizationEndpoint,
          tokenEndpoint: google.tokenEndpoint,
          redirectURI: `${origin}/auth/google/callback`,
          scopes: ["openid", "email", "profile"],
          codeChallengeMethod: CodeChallengeMethod.S256,
          // remix-auth-oauth2 names each flow's cookie `<name>:<random id>`, so the prefix stays first.
          cookie: {
            name: siteCookieName(request, oidcStateCookie),
            path: "/",
            httpOnly: true,
            sameSite: "Lax",
            maxAge: 600,
            ...(isSecureRequest(request) ? { secure: true as const } : {}),
          },
        },
        async ({ tokens }) => userFromGoogle(context, request, tokens.accessToken()),
      ),
      "google",
    );
  }
  return authenticator;
}
