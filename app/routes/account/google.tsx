import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { readFormData } from "#app/lib/http/request";
import { safeRedirect } from "#app/lib/http/safe-redirect";
import { createAuthenticator } from "#app/services/auth.server";
import { googleReturnTo } from "#app/services/google-return.server";

export function loader() {
  return redirect("/sign-in");
}

/** Starts the OpenID Connect code flow: remix-auth-oauth2 answers with the redirect to the provider. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.config.google) return redirect("/sign-in?error=google-unavailable");
  const redirectTo = safeRedirect((await readFormData(request.clone() as Request)).get("redirectTo"), "/");
  try {
    await createAuthenticator(context, request).authenticate("google", request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append("Set-Cookie", await googleReturnTo(request).serialize(redirectTo));
      return thrown;
    }
    console.error("Google sign-in could not start", thrown);
  }
  return redirect("/sign-in?error=google");
}
