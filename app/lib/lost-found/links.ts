import { isSignedToken, signedToken } from "../email/alert-tokens";

/**
 * The reporter's two one-click links (issue 46): keep the report open 30 days more, or close it
 * ("we are together again"). Signed with HMAC-SHA-256 and a server secret, for one report and one
 * action, so the links in every email (live, match, reminder) are the same and nothing is stored.
 * Each opens a page with one button (a POST): a mail scanner that follows links changes nothing.
 */
export const reportLinkActions = ["renew", "close"] as const;
export type ReportLinkAction = (typeof reportLinkActions)[number];

const purpose = "lost-found:";

export async function reportLinkToken(reportId: number, action: ReportLinkAction, secret: string): Promise<string> {
  return signedToken(purpose, `${action}:${reportId}`, secret);
}

/** Whether `token` is this report's link for `action`; compared in constant time. */
export async function isReportLinkToken(
  reportId: number,
  action: ReportLinkAction,
  token: string,
  secret: string,
): Promise<boolean> {
  return isSignedToken(purpose, `${action}:${reportId}`, token, secret);
}

/** The path of a one-click link (the origin and language prefix are the caller's). */
export async function reportLinkPath(reportId: number, action: ReportLinkAction, secret: string): Promise<string> {
  return `/lost-found/${reportId}/${action}?token=${await reportLinkToken(reportId, action, secret)}`;
}
