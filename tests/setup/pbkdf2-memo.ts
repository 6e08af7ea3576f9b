/*
 * Test runs only (vitest `setupFiles`): PBKDF2 results are remembered for the rest of the test file,
 * keyed by everything that determines them (password, salt, iterations, hash, length), so each
 * distinct derivation runs once at full cost and a repeat returns the very same bits. A test account
 * is hashed once when it is made; every later sign-in with its password used to derive the same
 * 100,000 iterations again. The app's code and cost are unchanged (app/lib/accounts/crypto.ts, whose
 * own test checks the 100,000 iterations); only repeats of an identical derivation are skipped.
 */
const subtle = globalThis.crypto.subtle;
/**
 * The platform's own methods, kept on the first run: where test files share a process (`isolate: false`),
 * this file runs again before each of them and wraps those, never its own wrapper of the file before.
 */
const original = Symbol.for("sequoia.pbkdf2-memo.original");
const kept = subtle as unknown as Record<symbol, Pick<SubtleCrypto, "importKey" | "deriveBits"> | undefined>;
kept[original] ??= { importKey: subtle.importKey.bind(subtle), deriveBits: subtle.deriveBits.bind(subtle) };
const { importKey, deriveBits } = kept[original];

/** The raw password bytes behind each PBKDF2 key this process imported. */
const passwords = new WeakMap<CryptoKey, string>();
const derived = new Map<string, Promise<ArrayBuffer>>();
export const pbkdf2Memo = { derivations: 0, repeats: 0 };

const hex = (data: BufferSource) =>
  Buffer.from(
    ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data),
  ).toString("hex");
const nameOf = (algorithm: AlgorithmIdentifier) => (typeof algorithm === "string" ? algorithm : algorithm.name);

Object.assign(subtle, {
  async importKey(...args: Parameters<typeof subtle.importKey>) {
    const [format, keyData, algorithm] = args;
    const key = await importKey(...args);
    if (format === "raw" && nameOf(algorithm).toUpperCase() === "PBKDF2")
      passwords.set(key, hex(keyData as BufferSource));
    return key;
  },
  deriveBits(algorithm: AlgorithmIdentifier | Pbkdf2Params, baseKey: CryptoKey, length?: number | null) {
    const password = passwords.get(baseKey);
    if (password === undefined || nameOf(algorithm as AlgorithmIdentifier).toUpperCase() !== "PBKDF2")
      return deriveBits(algorithm as Pbkdf2Params, baseKey, length);
    const { salt, iterations, hash } = algorithm as Pbkdf2Params;
    const memoKey = [password, hex(salt), iterations, nameOf(hash), length].join(":");
    let bits = derived.get(memoKey);
    if (bits) pbkdf2Memo.repeats += 1;
    else {
      pbkdf2Memo.derivations += 1;
      bits = deriveBits(algorithm as Pbkdf2Params, baseKey, length);
      derived.set(memoKey, bits);
      // A failed derivation is not remembered.
      bits.catch(() => derived.delete(memoKey));
    }
    return bits.then((buffer) => buffer.slice(0));
  },
});
