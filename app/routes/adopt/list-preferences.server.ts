import { siteCookie } from "#app/services/site-cookie.server";

/**
 * The visitor's last adopt-list choices, one query string per species ("cat", "dog", "other"), kept in
 * a cookie so a bare /adopt/dog shows them again, with or without JavaScript. Values are re-read
 * through readFilters, so a tampered cookie can only choose filters.
 */
const listPreferences = (request: Request) =>
  siteCookie(request, "adopt-filters", { httpOnly: true, sameSite: "lax", maxAge: 60 * 60 * 24 * 30 });

export type ListKey = "cat" | "dog" | "other";
type Saved = Partial<Record<ListKey, string>>;

const maxQueryLength = 1500;

export async function readSavedQueries(request: Request): Promise<Saved> {
  let value: unknown;
  try {
    value = await listPreferences(request).parse(request.headers.get("Cookie"));
  } catch {
    return {};
  }
  if (!value || typeof value !== "object") return {};
  const saved: Saved = {};
  for (const key of ["cat", "dog", "other"] as const) {
    const query = (value as Record<string, unknown>)[key];
    if (typeof query === "string" && query.length <= maxQueryLength) saved[key] = query;
  }
  return saved;
}

/** A Set-Cookie value that stores `query` for `key` (or forgets it when null). */
export async function saveQuery(request: Request, saved: Saved, key: ListKey, query: string | null) {
  const next: Saved = { ...saved };
  if (query) next[key] = query;
  else delete next[key];
  return listPreferences(request).serialize(next);
}
