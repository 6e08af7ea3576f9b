import { describe, expect, it } from "vitest";
import { bookmarkCookieAfter, bookmarkCookieName, openSession, readBookmark } from "./d1-session";

const bookmark = "00000000-000005c1-00000000-00000000000000000000000000000000";
const request = (method: string, cookie?: string) =>
  new Request("https://example.org/", { method, headers: cookie ? { Cookie: cookie } : {} });

/** A D1 binding that only records the constraint each session is opened with. */
function recordingD1() {
  const constraints: (string | undefined)[] = [];
  const d1 = {
    withSession: (constraint?: string) => (constraints.push(constraint), { getBookmark: () => bookmark }),
  } as unknown as D1Database;
  return { d1, constraints };
}

describe("D1 sessions per request (decision 046)", () => {
  it("starts from the visitor's bookmark, else anywhere for reads and at the primary for writes", () => {
    const { d1, constraints } = recordingD1();
    openSession(d1, request("GET", `a=1; ${bookmarkCookieName}=${bookmark}`));
    openSession(d1, request("GET"));
    openSession(d1, request("POST"));
    openSession(d1, request("POST", `${bookmarkCookieName}=${bookmark}`));
    expect(constraints).toEqual([bookmark, "first-unconstrained", "first-primary", bookmark]);
  });

  it("ignores a cookie that is not a bookmark", () => {
    expect(readBookmark(request("GET", `${bookmarkCookieName}=first-primary`))).toBeNull();
    expect(readBookmark(request("GET", `${bookmarkCookieName}=1'; drop table pets`))).toBeNull();
    expect(readBookmark(request("GET", `x${bookmarkCookieName}=${bookmark}`))).toBeNull();
  });

  it("sends the bookmark after a write only, as a __Host- cookie", () => {
    const session = { getBookmark: () => bookmark };
    expect(bookmarkCookieAfter(request("GET"), session)).toBeNull();
    expect(bookmarkCookieAfter(request("POST"), { getBookmark: () => null })).toBeNull();
    expect(bookmarkCookieAfter(request("POST", `${bookmarkCookieName}=${bookmark}`), session)).toBeNull();
    expect(bookmarkCookieAfter(request("POST"), session)).toBe(
      `${bookmarkCookieName}=${bookmark}; Path=/; Max-Age=300; Secure; HttpOnly; SameSite=Lax`,
    );
  });
});
