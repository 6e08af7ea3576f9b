import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLocale, type Locale } from "#app/lib/i18n/locale";
import { readFormData } from "#app/lib/http/request";
import { safeLocalizedRedirect, safeRedirect } from "#app/lib/http/safe-redirect";
import { setUserLanguage } from "#app/models/users.server";
import { languageCookie } from "#app/services/language.server";

/**
 * The language switch (decision 057). For a visitor, a plain link, `/language?to=es&path=/adopt/dog`,
 * that remembers the choice in a cookie for a year and goes to the same page in that language: a GET
 * changes nothing stored. For a signed-in person the switch is a form (a button that looks like the
 * link, without JavaScript too) posted here, since it also saves the language on the account, for its
 * emails: no GET changes stored data (tests/integration/fuzz.test.ts). The path is checked after it is
 * put in the other language too (`/es//evil.example` in English would be `//evil.example`).
 */
function switchTo(request: Request, to: Locale, path: FormDataEntryValue | null) {
  return redirect(safeLocalizedRedirect(path, to), {
    headers: { "Set-Cookie": languageCookie(request, to), "Cache-Control": "private, no-store" },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  const path = url.searchParams.get("path");
  if (!isLocale(to)) throw redirect(safeRedirect(path));
  return switchTo(request, to, path);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const to = form.get("to");
  const path = form.get("path");
  if (typeof to !== "string" || !isLocale(to)) return redirect(safeRedirect(path));
  const viewer = await context.auth.viewer();
  // The page still changes language when the account cannot be written just now: the cookie holds
  // the choice, and the next switch saves it.
  if (viewer)
    await setUserLanguage(context.db, viewer.id, to).catch((error) => console.error("language not saved", error));
  return switchTo(request, to, path);
}
