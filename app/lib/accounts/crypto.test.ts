import { describe, expect, it } from "vitest";
import { hashPassword, pbkdf2Iterations, randomToken, sha256Hex, verifyPassword } from "./crypto";

describe("password hashing", () => {
  it("uses PBKDF2-SHA256 at exactly 100,000 iterations, the most deployed Workers allow", async () => {
    expect(pbkdf2Iterations).toBe(100_000);
    const hash = await hashPassword("paws-and-whiskers-42");
    const [scheme, iterations, salt, digest] = hash.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(100_000);
    expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("salts every hash and verifies only the right password", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toEqual({ valid: true, needsRehash: false });
    expect((await verifyPassword("correct horse batterY", first)).valid).toBe(false);
  });

  it("asks for a rehash of a valid hash made with older parameters", async () => {
    const current = await hashPassword("an older password");
    const [, , salt] = current.split("$");
    // Re-derive the same password at fewer iterations, as an older scheme version would have.
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("an older password"), "PBKDF2", false, [
      "deriveBits",
    ]);
    const saltBytes = Uint8Array.from(atob(salt!.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const bits = new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: "PBKDF2", hash: "SHA-256", salt: saltBytes, iterations: 10_000 },
        key,
        256,
      ),
    );
    const digest = btoa(String.fromCharCode(...bits))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const older = `pbkdf2-sha256$10000$${salt}$${digest}`;
    expect(await verifyPassword("an older password", older)).toEqual({ valid: true, needsRehash: true });
  });

  it.each(["", "plain-text", "bcrypt$10$abc$def", "pbkdf2-sha256$999999999$abc$def", "pbkdf2-sha256$0$abc$def"])(
    "refuses a malformed or unsupported stored hash %j",
    async (stored) => {
      expect((await verifyPassword("anything", stored)).valid).toBe(false);
    },
  );
});

describe("tokens", () => {
  it("are random and URL-safe, and hash to hex", async () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
