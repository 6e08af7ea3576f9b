import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";

/** The words and ways forward of the sign-in-required dialog and of its page (spec §2). */
export function SignInRequiredPrompt({ returnTo }: { returnTo: string }) {
  const back = encodeURIComponent(returnTo);
  const href = useLocalePath();
  return (
    <>
      <p>
        <Trans>Sign in or create an account to keep your favorite pets. We will add this one for you.</Trans>
      </p>
      <p className="button-row">
        <Link to={href(`/register?redirectTo=${back}`)} className="button button--primary">
          <Trans>Create an account</Trans>
        </Link>
        <Link to={href(`/sign-in?redirectTo=${back}`)} className="button">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </>
  );
}
