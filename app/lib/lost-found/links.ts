/**
 * The reporter's two one-click links (issue 46): keep the report open 30 days more, or close it
 * ("we are together again"). Signed with HMAC-SHA-256 and a server secret, for one report and one
 * action, so the links in every email (live, match, reminder) are the same and nothing is stored.
 * Each opens a page with one button (a POST): a mail scanner that follows links changes nothing.
 */
export const reportLinkActions = ["renew", "close"] as const;
export type ReportLinkAction = (typeof reportLinkActions)[number];

const purpose = "lost-found:";

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${purpose}${message}`)));
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export async function reportLinkToken(reportId: number, action: ReportLinkAction, secret: string): Promise<string> {
  return base64url(await hmac(secret, `${action}:${reportId}`));
}

/** Whether `token` is this report's link for `action`; compared in constant time. */
export async function isReportLinkToken(
  reportId: number,
  action: ReportLinkAction,
  token: string,
  secret: string,
): Promise<boolean> {
  const expected = await reportLinkToken(reportId, action, secret);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1)
    difference |= expected.charCodeAt(index) ^ token.charCodeAt(index);
  return difference === 0;
}

/** The path of a one-click link (the origin and language prefix are the caller's). */
export async function reportLinkPath(reportId: number, action: ReportLinkAction, secret: string): Promise<string> {
  return `/lost-found/${reportId}/${action}?token=${await reportLinkToken(reportId, action, secret)}`;
}
