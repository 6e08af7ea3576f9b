/**
 * A return target from a query or form, accepted only when it is a path on this site; anything else
 * (another host, a protocol-relative `//host`, a backslash trick) becomes `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(target, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
