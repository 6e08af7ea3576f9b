import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookmarkCookieName } from "#server/d1-session";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { CookieJar } from "./harness";
import { createAccount } from "../builders/accounts";

/**
 * D1 read replication through the Sessions API (decision 046), on the production bundle: every
 * request reads through a D1 session (Miniflare runs the Sessions API), a write answers with the
 * session's bookmark in a cookie, and the same visitor's next request starts from it and reads the write.
 */
let worker: BuiltWorker;
beforeAll(async () => {
  worker = await startBuiltWorker();
}, 240_000);
afterAll(() => worker?.dispose());

const origin = "http://localhost";
const sameOrigin = { "Sec-Fetch-Site": "same-origin", Origin: origin, "X-Forwarded-Host": "localhost" };

async function post(jar: CookieJar, path: string, form: URLSearchParams | FormData) {
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const response = await worker.fetch(`${origin}${path}`, {
    method: "POST",
    body,
    headers: { ...sameOrigin, Cookie: jar.header(), "Content-Type": encoded.headers.get("Content-Type") ?? "" },
  });
  jar.keep(response.headers);
  return response;
}

const bookmarkOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${bookmarkCookieName}=`))
    ?.split(";")[0]
    ?.slice(bookmarkCookieName.length + 1);

describe("reads from replicas, own writes seen", () => {
  it("gives the visitor who wrote the bookmark of the write, and their next page reads the write", async () => {
    const account = await createAccount(worker.db, { role: "owner" });
    const jar = new CookieJar();
    const signIn = await post(
      jar,
      "/sign-in",
      new URLSearchParams({ email: account.email, password: account.password }),
    );
    expect(signIn.status).toBe(302);
    const afterSignIn = bookmarkOf(signIn);
    expect(afterSignIn).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    const cookie = signIn.headers.getSetCookie().find((value) => value.startsWith(`${bookmarkCookieName}=`))!;
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).toMatch(/; Secure;/);
    expect(cookie).toMatch(/; HttpOnly;/);
    expect(cookie).not.toMatch(/Domain=/i);

    const form = new FormData();
    const name = `Replica Rosa ${crypto.randomUUID().slice(0, 6)}`;
    const fields = {
      intent: "save",
      name,
      animalId: `R-${crypto.randomUUID().slice(0, 8)}`,
      ageMonths: "14",
      weightLbs: "32",
      sex: "Female",
      species: "Dog",
      breed: "Pug",
      activeLevel: "Moderately active",
      adoptionFee: "150",
      about: "Read back.",
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const created = await post(jar, "/petadmin/create", form);
    expect(created.status).toBe(302);
    const afterCreate = bookmarkOf(created);
    // Bookmarks sort oldest to newest: the write moved it on, and the jar now carries the newer one.
    expect(afterCreate! > afterSignIn!).toBe(true);
    expect(jar.get(bookmarkCookieName)).toBe(afterCreate);

    const next = await worker.fetch(new URL(created.headers.get("Location")!, origin).href, {
      headers: { Cookie: jar.header() },
    });
    expect(next.status).toBe(200);
    expect((await next.text()).replaceAll("<!-- -->", "")).toContain(`${name} was added.`);
    // Reads set no bookmark: only a write moves it.
    expect(bookmarkOf(next)).toBeUndefined();
  });

  it("leaves anonymous visitors without a cookie, and ignores a bookmark that is not one", async () => {
    const anonymous = await worker.fetch(`${origin}/adopt/dog`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.getSetCookie()).toEqual([]);
    const forged = await worker.fetch(`${origin}/adopt/dog`, {
      headers: { Cookie: `${bookmarkCookieName}=first-primary'; drop table pets` },
    });
    expect(forged.status).toBe(200);
  });
});
