import fc from "fast-check";

/**
 * Random and malformed inputs for the fuzz tests (tests/integration/fuzz.test.ts): form bodies built
 * from a form's real field names mixed with junk, and query strings, path segments and cookies.
 */

const hugeValue = "x".repeat(100_000);
const hugeUnicode = "ü😀".repeat(20_000);

/** Field names a form parser must survive: Conform-style nesting, huge indexes, very deep paths. */
export const nastyName = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "__proto__.polluted",
    "constructor.prototype.x",
    "_data",
    "[]",
    "[0]",
    "a[",
    "a]",
    "a..b",
    ".a",
    "a.",
    "a[0",
    "a[-1]",
    "a[1e9]",
    "a[0x10]",
    "a[NaN]",
    "a[01]",
  ),
  fc.constantFrom(
    "x[99999999]",
    "pets[99999999].type",
    "breed[99999999]",
    "sizes[4294967295]",
    "levels[9007199254740993]",
    "animals[2147483647]",
  ),
  fc.integer({ min: 2, max: 3000 }).map((depth) => Array.from({ length: depth }, (_, i) => `a${i % 3}`).join(".")),
  fc.integer({ min: 2, max: 3000 }).map((depth) => `a${"[0]".repeat(depth)}`),
  fc.integer({ min: 1_000, max: 10_000_000 }).map((index) => `pets[${index}].age`),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

/** Text values: plausible ones, random ones, control characters and NUL, numbers out of range, huge ones. */
export const nastyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(
    "",
    " ",
    "\0",
    "a\0b",
    "\u0000\u0001\u001f\u007f",
    "\uD800",
    "\uDFFF\uD800",
    "\u202E",
    "\uFEFF",
    "%00",
    "%ZZ",
    "\r\n\r\n",
    "null",
    "undefined",
    "true",
    "on",
    "[]",
    "{}",
  ),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "-0",
    "1e309",
    "-1e309",
    "9007199254740993",
    "-9007199254740993",
    "0x10",
    "1_000",
    "1,5",
    " 7 ",
    "3.",
    ".5",
    "1e-400",
  ),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.integer().map(String),
  fc.constantFrom(hugeValue, hugeUnicode, `${hugeValue}@example.com`),
  fc.emailAddress(),
  fc.webUrl(),
  fc.constantFrom(
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "http://evil.example/",
    "/%2F%2Fevil.example",
    "/ok",
  ),
  // Paths of this site that become another host once a language prefix is cut (issue 39).
  fc.constantFrom(
    "/es//evil.example",
    "/es/\\evil.example",
    "/es/%2F%2Fevil.example",
    "/es/.//evil.example",
    "/es///16909060/",
  ),
);

const imageLike = [
  [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
];

/** Files where text is expected (and where photos are): empty, random, image headers with junk after. */
export const nastyFile = fc
  .record({
    start: fc.oneof(fc.constantFrom(...imageLike), fc.constant([] as number[])),
    rest: fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.constant(new Uint8Array(0))),
    name: fc.oneof(
      fc.constantFrom("photo.jpg", "a.png", "x.webp", "", "../../etc/passwd", "😀.gif", "a\0.jpg", "photo.svg"),
      fc.string({ maxLength: 30 }),
    ),
    type: fc.constantFrom(
      "image/jpeg",
      "image/png",
      "image/webp",
      "image/gif",
      "image/svg+xml",
      "text/html",
      "application/octet-stream",
      "",
    ),
  })
  .map(({ start, rest, name, type }) => new File([new Uint8Array([...start, ...rest])], name, { type }));

export type FormEntry = [name: string, value: string | File];

/** One form's entries: names mostly from the form, values mostly plausible, junk mixed in. */
export function formEntries(fieldNames: readonly string[], goodValues: readonly string[]) {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fieldNames) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...fieldNames)
        .chain((field) =>
          fc.constantFrom(`${field}[0]`, `${field}[1]`, `${field}.x`, `${field}[99999999]`, `${field}.a.b.c`),
        ),
    },
    { weight: 2, arbitrary: nastyName },
  );
  const value = fc.oneof(
    { weight: 5, arbitrary: goodValues.length > 0 ? fc.constantFrom(...goodValues) : nastyText },
    { weight: 4, arbitrary: nastyText },
    { weight: 1, arbitrary: nastyFile },
  );
  return fc.array(fc.tuple(name, value), { maxLength: 25 }).chain((entries) =>
    // Repeated fields: some entries sent again, with the same or another value.
    fc
      .subarray(entries, { maxLength: Math.min(5, entries.length) })
      .map((again): FormEntry[] => [...entries, ...again]),
  );
}

/** How the body is sent: urlencoded, multipart, or raw bytes under a content type that may lie. */
export const bodyEncoding = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: "urlencoded" as const }) },
  { weight: 4, arbitrary: fc.constant({ kind: "multipart" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      contentType: fc.constantFrom(
        "multipart/form-data; boundary=xyz",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/json",
        "text/plain",
        "",
      ),
      body: fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.constantFrom(
          '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n',
          "--xyz--",
          "%ZZ=%E0%A4%A",
          "a=%",
          "=&&=&",
          '{"intent":"save"}',
          "--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--\r\n",
        ),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => new TextDecoder("latin1").decode(bytes)),
      ),
    }),
  },
);

export type BodyEncoding = typeof bodyEncoding extends fc.Arbitrary<infer T> ? T : never;

/** The POST request for those entries, sent the way the encoding says. */
export function formRequest(url: string, entries: FormEntry[], encoding: BodyEncoding, headers: Headers): Request {
  if (encoding.kind === "raw") {
    if (encoding.contentType) headers.set("Content-Type", encoding.contentType);
    return new Request(url, { method: "POST", body: encoding.body, headers });
  }
  if (encoding.kind === "urlencoded") {
    const body = new URLSearchParams();
    for (const [name, value] of entries) body.append(name, typeof value === "string" ? value : value.name);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new Request(url, { method: "POST", body, headers });
  }
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return new Request(url, { method: "POST", body, headers });
}

const percentGarbage = fc.constantFrom(
  "%",
  "%Z",
  "%ZZ",
  "%E0%A4%A",
  "%C0%AF",
  "%ED%A0%80",
  "%FF%FE",
  "%00",
  "%25",
  "%2",
  "%u0041",
  "%%",
  "+",
  "%2B",
  "&",
  "=",
  "#",
  "?",
);

/** A raw query-string piece: random, encoded, or percent-encoding garbage. */
const queryPiece = (goodValues: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: goodValues.length > 0 ? fc.constantFrom(...goodValues) : fc.string({ maxLength: 10 }) },
    { weight: 3, arbitrary: nastyText.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "?"))) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.oneof(percentGarbage, fc.string({ maxLength: 5 })), { maxLength: 6 })
        .map((parts) => parts.join("")),
    },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  );

/** A query string from the loader's real keys (and `_data`, `index`) mixed with random ones, keys repeated. */
export function queryString(keys: readonly string[], goodValues: readonly string[]) {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...keys, "_data", "index", "redirectTo") },
    { weight: 2, arbitrary: queryPiece([]) },
  );
  return fc
    .array(fc.tuple(key, fc.option(queryPiece(goodValues), { nil: undefined })), { maxLength: 12 })
    .map((pairs) => pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join("&"));
}

/** A path segment for a dynamic route, as the router would pass it on (already decoded). */
export function pathSegment(goodValues: readonly string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...goodValues) },
    { weight: 3, arbitrary: nastyText },
    { weight: 1, arbitrary: fc.constantFrom("..", ".", "%2e%2e", "a/b", "a%2Fb", "\\", "CON", "x".repeat(5000)) },
  );
}

/** Cookies a browser could send: the site's cookie names with garbage or well-formed JSON of any shape. */
export const cookieHeader = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "session",
        "__Host-session",
        "match",
        "adopt-filters",
        "pending-favorite",
        "remembered-email",
        "google-return-to",
        "x",
      ),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc
          .jsonValue({ maxDepth: 3 })
          .map((value) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value) ?? "null")))),
        fc.constantFrom("", "%", "%ZZ", "e30=", "bnVsbA==", "W10=", "eyJhbnN3ZXJzIjpbMSwyXX0=", "x".repeat(5000)),
      ),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("; "));
