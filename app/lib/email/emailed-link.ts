import { data, redirect } from "@remix-run/cloudflare";
import { tryWrite } from "#app/lib/http/storage-error";

/**
 * The pages an emailed link opens (confirm an address, confirm or end a newsletter subscription,
 * stop new-pet alerts). Opening one changes nothing, since mail scanners follow links; its one button,
 * a POST, does the work (decisions 033 and 031). The page's view is components/emailed-link-page.tsx.
 */

/** A link's token as it may be read: a string of at most 200 characters, else "". */
export function linkToken(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 200) : "";
}

/** What the link's address says: `?done` after the button worked, and its query to read the token from. */
export function readEmailedLink(request: Request) {
  const params = new URL(request.url).searchParams;
  return { done: params.has("done"), params, token: linkToken(params.get("token")) };
}

/**
 * The button's work: `write` does it and names the page to go to; if D1 refuses, the page again with
 * the message (503), nothing changed.
 */
export function spendEmailedLink(write: () => Promise<string>) {
  return tryWrite(
    async () => redirect(await write()),
    (message) => data({ error: message }, { status: 503 }),
  );
}
