/**
 * The signed token of a monthly gift's "manage" link in its receipts (decision 065): it proves the link
 * came from a receipt we sent for that gift, so the donor can see and stop it without an account, and
 * nobody can stop another's gift by changing the number. HMAC-SHA-256 with the server secret that signs
 * alert links (ALERT_TOKEN_SECRET), under a purpose of its own (Web Crypto, no I/O).
 */
const purpose = "gifts:manage:";

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

export async function giftManageToken(giftId: number, secret: string): Promise<string> {
  return base64url(await hmac(secret, String(giftId)));
}

/** Whether `token` is the one `giftManageToken` gives for this gift; compared in constant time. */
export async function isGiftManageToken(giftId: number, token: string, secret: string): Promise<boolean> {
  const expected = await giftManageToken(giftId, secret);
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1)
    difference |= expected.charCodeAt(index) ^ token.charCodeAt(index);
  return difference === 0;
}
