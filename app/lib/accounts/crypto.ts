/**
 * Password hashing and random tokens with Web Crypto, which Workers and Node share.
 * Deployed Workers refuse PBKDF2 above 100,000 iterations (wrangler dev does not), so that is both
 * the target and the ceiling. Hashes carry their scheme and parameters so they can be upgraded on
 * the next sign-in.
 */
export const pbkdf2Iterations = 100_000;
const scheme = "pbkdf2-sha256";
const saltBytes = 16;
const keyBits = 256;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, keyBits);
  return new Uint8Array(bits);
}

function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** `pbkdf2-sha256$100000$<salt>$<hash>`, base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await derive(password, salt, pbkdf2Iterations);
  return [scheme, pbkdf2Iterations, toBase64Url(salt), toBase64Url(hash)].join("$");
}

/** Checks a password; `needsRehash` says the stored hash uses older parameters. */
export async function verifyPassword(
  password: string,
  stored: string,
): Promise<{ valid: boolean; needsRehash: boolean }> {
  const [storedScheme, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (
    storedScheme !== scheme ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > pbkdf2Iterations ||
    !saltText ||
    !hashText
  ) {
    return { valid: false, needsRehash: false };
  }
  const expected = fromBase64Url(hashText);
  const actual = await derive(password, fromBase64Url(saltText), iterations);
  const valid = equalInConstantTime(actual, expected);
  return { valid, needsRehash: valid && iterations !== pbkdf2Iterations };
}

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  await derive(password, new Uint8Array(saltBytes), pbkdf2Iterations);
}

/** A random, URL-safe token (default 32 bytes, 256 bits). */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** SHA-256 of a token, hex: what the database stores instead of the token. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
