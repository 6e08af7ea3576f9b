import { isSignedToken, signedToken } from "../email/alert-tokens";

/**
 * The signed token of a monthly gift's "manage" link in its receipts (decision 065): it proves the link
 * came from a receipt we sent for that gift, so the donor can see and stop it without an account, and
 * nobody can stop another's gift by changing the number. HMAC-SHA-256 with the server secret that signs
 * alert links (ALERT_TOKEN_SECRET), under a purpose of its own (Web Crypto, no I/O).
 */
const purpose = "gifts:manage:";

export async function giftManageToken(giftId: number, secret: string): Promise<string> {
  return signedToken(purpose, String(giftId), secret);
}

/** Whether `token` is the one `giftManageToken` gives for this gift; compared in constant time. */
export async function isGiftManageToken(giftId: number, token: string, secret: string): Promise<boolean> {
  return isSignedToken(purpose, String(giftId), token, secret);
}
