/**
 * The signed token of a new-pet alert's unsubscribe link: it proves the link came from an alert we
 * sent to that user, so unsubscribing works without signing in and nobody can unsubscribe others by
 * changing the number (decision 031). HMAC-SHA-256 with a server secret (Web Crypto, no I/O).
 */
const purpose = "new-pet-alerts:unsubscribe:";

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${purpose}${message}`)));
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export async function unsubscribeToken(userId: number, secret: string): Promise<string> {
  return base64url(await hmac(secret, String(userId)));
}

/** Whether `token` is the one `unsubscribeToken` gives for this user; compared in constant time. */
export async function isUnsubscribeToken(userId: number, token: string, secret: string): Promise<boolean> {
  const expected = await unsubscribeToken(userId, secret);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= expected.charCodeAt(index) ^ token.charCodeAt(index);
  return difference === 0;
}
