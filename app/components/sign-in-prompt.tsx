import { Link } from "@remix-run/react";

/** The words and ways forward of the sign-in-required dialog and of its page (spec §2). */
export function SignInRequiredPrompt({ returnTo }: { returnTo: string }) {
  const back = encodeURIComponent(returnTo);
  return (
    <>
      <p>Sign in or create an account to keep your favorite pets. We will add this one for you.</p>
      <p className="button-row">
        <Link to={`/register?redirectTo=${back}`} className="button button--primary">
          Create an account
        </Link>
        <Link to={`/sign-in?redirectTo=${back}`} className="button">
          Sign in
        </Link>
      </p>
    </>
  );
}
