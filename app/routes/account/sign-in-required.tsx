import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { i18nOf } from "#app/locales/catalogs.server";
import { SignInRequiredPrompt } from "#app/components/sign-in-prompt";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { localeOfPath } from "#app/lib/i18n/locale";
import { safeLocalizedRedirect } from "#app/lib/http/safe-redirect";

export const meta = routeMeta;

/** The sign-in-required dialog as a page, for visitors without JavaScript (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // In this page's language, checked as it will be followed (a signed-in visitor is sent there at once).
  const url = new URL(request.url);
  const returnTo = safeLocalizedRedirect(url.searchParams.get("redirectTo"), localeOfPath(url.pathname));
  if (await context.auth.viewer()) throw redirect(returnTo);
  const i18n = i18nOf(request);
  const name = shelter.name;
  return {
    returnTo,
    meta: {
      title: i18n._(msg`Sign in to keep favorites`),
      description: i18n._(msg`Sign in or create a ${name} account.`),
    },
  };
}

export default function SignInRequired() {
  const { returnTo } = useLoaderData<typeof loader>();
  const name = shelter.name;
  return (
    <div className="container auth-page">
      <h1>
        <Trans>Welcome to {name}</Trans>
      </h1>
      <SignInRequiredPrompt returnTo={returnTo} />
      <p>
        <Link to={returnTo}>
          <Trans>Not now, go back</Trans>
        </Link>
      </p>
    </div>
  );
}
