import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { shelter } from "~/config/shelter";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";

export const meta: MetaFunction = () => pageMeta("Sign in to keep favourites", `Sign in or create a ${shelter.name} account.`);

/** The sign-in-required dialog as a page, for visitors without JavaScript (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (await context.auth.viewer()) throw redirect(returnTo);
  return { returnTo };
}

export default function SignInRequired() {
  const { returnTo } = useLoaderData<typeof loader>();
  const back = encodeURIComponent(returnTo);
  return (
    <div className="container auth-page">
      <h1>Welcome to {shelter.name}</h1>
      <p>Sign in or create an account to keep your favourite pets. We will add this one for you.</p>
      <p className="button-row">
        <Link to={`/register?redirectTo=${back}`} className="button button--primary">
          Create an account
        </Link>
        <Link to={`/sign-in?redirectTo=${back}`} className="button">
          Sign in
        </Link>
      </p>
      <p>
        <Link to={returnTo}>Not now, go back</Link>
      </p>
    </div>
  );
}
