import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SignInRequiredPrompt } from "#app/components/sign-in-prompt";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { safeRedirect } from "#app/lib/safe-redirect";

export const meta: MetaFunction = () => pageMeta("Sign in to keep favorites", `Sign in or create a ${shelter.name} account.`);

/** The sign-in-required dialog as a page, for visitors without JavaScript (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (await context.auth.viewer()) throw redirect(returnTo);
  return { returnTo };
}

export default function SignInRequired() {
  const { returnTo } = useLoaderData<typeof loader>();
  return (
    <div className="container auth-page">
      <h1>Welcome to {shelter.name}</h1>
      <SignInRequiredPrompt returnTo={returnTo} />
      <p>
        <Link to={returnTo}>Not now, go back</Link>
      </p>
    </div>
  );
}
