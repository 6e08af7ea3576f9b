import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { safeRedirect, withRedirectTo } from "#app/lib/http/safe-redirect";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { recordSecurityEventByEmail } from "#app/models/security-events.server";
import {
  clearedOidcStateCookies,
  createAuthenticator,
  GoogleSignInFailed,
  signedInHeaders,
} from "#app/services/auth.server";
import { googleReturnTo } from "#app/services/google-return.server";

/**
 * The provider sends the browser back here with a code; remix-auth-oauth2 checks the state (against
 * its cookie) and exchanges the code with the PKCE verifier, then we sign the user in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.config.google) return redirect("/sign-in?error=google-unavailable");
  let user;
  try {
    user = await createAuthenticator(context, request).authenticate("google", request);
  } catch (error) {
    console.error("Google sign-in failed", error);
    // Once Google named the address, the failure is logged for its account, if it has one (decision 027).
    if (error instanceof GoogleSignInFailed) {
      await recordSecurityEventByEmail(
        context.db,
        "sign-in-failed",
        error.email,
        clientAddress(request),
        `google: ${error.message}`,
      ).catch((logError: unknown) => console.error("failed Google sign-in not logged", logError));
    }
    return redirect("/sign-in?error=google");
  }
  const returnTo = safeRedirect(await googleReturnTo(request).parse(request.headers.get("Cookie")), "/");
  const headers = await signedInHeaders(context, request, user, false, "google");
  headers.append("Set-Cookie", await googleReturnTo(request).serialize("", { maxAge: 0 }));
  for (const cleared of clearedOidcStateCookies(request)) headers.append("Set-Cookie", cleared);
  // The sign-in and register pages kept the return path in their language, checked as it is followed.
  // An unconfirmed account goes on there after its confirmation (issue 40).
  return redirect(
    user.emailConfirmedAt
      ? returnTo
      : withRedirectTo(localizedPath("/confirm-email", localeOfPath(returnTo)), returnTo),
    { headers },
  );
}
