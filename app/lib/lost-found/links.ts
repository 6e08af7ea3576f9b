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

/**
 * The two sides of a relayed conversation (issue 46): the report's author and the visitor who wrote.
 * Each relayed email carries its reader's link to answer through the site, signed for that
 * conversation and that side, so a link never answers as the other side or in another conversation.
 */
export const replySides = ["reporter", "sender"] as const;
export type ReplySide = (typeof replySides)[number];

export async function replyLinkToken(threadId: number, side: ReplySide, secret: string): Promise<string> {
  return signedToken(purpose, `reply:${side}:${threadId}`, secret);
}

/** Whether `token` is this conversation's answer link for `side`; compared in constant time. */
export async function isReplyLinkToken(
  threadId: number,
  side: ReplySide,
  token: string,
  secret: string,
): Promise<boolean> {
  return isSignedToken(purpose, `reply:${side}:${threadId}`, token, secret);
}

/** The path of the page to answer through the site (the origin and language prefix are the caller's). */
export async function replyLinkPath(threadId: number, side: ReplySide, secret: string): Promise<string> {
  return `/lost-found/messages/${threadId}?as=${side}&token=${await replyLinkToken(threadId, side, secret)}`;
}
