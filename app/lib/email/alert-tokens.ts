/**
 * The signed token of a new-pet alert's unsubscribe link: it proves the link came from an alert we
 * sent to that user, so unsubscribing works without signing in and nobody can unsubscribe others by
 * changing the number (decision 031). HMAC-SHA-256 with a server secret (Web Crypto, no I/O). The
 * care follow-ups' stop link is signed the same way, for its own purpose (decision 067).
 */
const purpose = "new-pet-alerts:unsubscribe:";

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** The token of `message` for `tokenPurpose` (a prefix no other link's token shares). */
export async function signedToken(tokenPurpose: string, message: string, secret: string): Promise<string> {
  return base64url(await hmac(secret, `${tokenPurpose}${message}`));
}

/** Whether `token` is the one `signedToken` gives; compared in constant time. */
export async function isSignedToken(
  tokenPurpose: string,
  message: string,
  token: string,
  secret: string,
): Promise<boolean> {
  const expected = await signedToken(tokenPurpose, message, secret);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1)
    difference |= expected.charCodeAt(index) ^ token.charCodeAt(index);
  return difference === 0;
}

export async function unsubscribeToken(userId: number, secret: string): Promise<string> {
  return signedToken(purpose, String(userId), secret);
}

/** Whether `token` is the one `unsubscribeToken` gives for this user. */
export async function isUnsubscribeToken(userId: number, token: string, secret: string): Promise<boolean> {
  return isSignedToken(purpose, String(userId), token, secret);
}
