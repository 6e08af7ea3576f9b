import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "#app/services/session.server";

export function loader() {
  return redirect("/");
}

/** Log out deletes this browser's session row and clears its cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(context.db, request) } });
}
