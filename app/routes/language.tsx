import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLocale, localizedPath } from "#app/lib/locale";
import { safeRedirect } from "#app/lib/safe-redirect";
import { setUserLanguage } from "#app/models/users.server";
import { languageCookie } from "#app/services/language.server";

/**
 * The language switch (decision 057): a plain link, `/language?to=es&path=/adopt/dog`, that remembers the
 * choice (a cookie for a year; on the account of a signed-in person, for their emails) and goes to the
 * same page in that language. A link, not a form: it works without JavaScript, and what it changes is
 * only how the site speaks to this visitor.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  const path = safeRedirect(url.searchParams.get("path"));
  if (!isLocale(to)) throw redirect(path);
  const viewer = await context.auth.viewer();
  if (viewer) await setUserLanguage(context.db, viewer.id, to);
  return redirect(localizedPath(path, to), {
    headers: { "Set-Cookie": languageCookie(request, to), "Cache-Control": "private, no-store" },
  });
}
