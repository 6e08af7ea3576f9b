import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { createTestEnv, getRequest, type TestEnv } from "./harness";
import { injectFaults, permanentD1Error, transientD1Error } from "./faults";
import { createRemixApp } from "./remix-app";
import { insertPet } from "../builders/pets";

let t: TestEnv;
let app: Awaited<ReturnType<typeof createRemixApp>>;
let faults: ReturnType<typeof injectFaults> | undefined;

beforeAll(async () => {
  [t, app] = await Promise.all([createTestEnv(), createRemixApp()]);
  await insertPet(t.env.DB, { species: "Dog", name: "Rex", breed: ["Boxer"] });
}, 120_000);
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const fetchPage = (request: Request) => app.handle(request, t.contextFor(request));
const postPage = (path: string, fields: Record<string, string>) =>
  fetchPage(
    new Request(new URL(path, "http://localhost"), {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: "http://localhost" },
    }),
  );
// The list's reads: its batch, and the pets' version alone when this isolate kept the page (decision 045).
const petsQuery = /from "pets(_version)?"/i;

/** What must never reach a visitor: SQL, driver messages, stack frames, file names. */
function expectNothingInternal(body: string) {
  for (const secret of [
    "D1_ERROR",
    "Failed query",
    'select "',
    "insert into",
    "params:",
    "StorageError",
    "exceeded timeout",
    "    at ",
    ".ts:",
    "node_modules",
  ]) {
    expect(body, secret).not.toContain(secret);
  }
}

describe("the real request handler (production mode) when D1 fails", () => {
  it("shows /adopt/dog as usual after a transient read failure", async () => {
    faults = injectFaults(t, { d1: [{ sql: petsQuery, times: 1, message: transientD1Error }] });
    const response = await fetchPage(getRequest("/adopt/dog"));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Rex");
    expect(faults.failures()).toBe(1);
  });

  it("answers a lasting failure with the friendly error page, 503, and nothing internal", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: petsQuery, message: permanentD1Error }] });
    const response = await fetchPage(getRequest("/adopt/dog"));
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain("Something went wrong");
    expect(body).toContain("Go to the home page");
    expectNothingInternal(body);
  });

  it("answers the data request of a client-side navigation with 503 and nothing internal", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: petsQuery, message: permanentD1Error }] });
    const response = await fetchPage(getRequest("/adopt/dog.data"));
    expect(response.status).toBe(503);
    expectNothingInternal(await response.text());
  });

  it("shows the contact form again, without JavaScript, with the message typed and a clear note", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: /^insert into "contact_messages"/ }] });
    const response = await postPage("/?index", {
      intent: "contact",
      name: "Ann Lee",
      email: "ann@example.com",
      message: "Can I visit Rex on Saturday?",
    });
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain(writeFailedMessage.replace("'", "&#x27;"));
    expect(body).toContain('value="Ann Lee"');
    expect(body).toContain("Can I visit Rex on Saturday?");
    expectNothingInternal(body);
  });

  it("shows the registration form again with the names kept and no password in the page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    faults = injectFaults(t, { d1: [{ sql: /^insert into "users"/ }] });
    const password = "kennel-cough-is-no-fun";
    const response = await postPage("/register", {
      firstName: "Robin",
      lastName: "Reyes",
      email: "robin@example.com",
      password,
      confirmPassword: password,
      agreeToTerms: "on",
      redirectTo: "/",
    });
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toContain('role="alert"');
    expect(body).toContain(writeFailedMessage.replace("'", "&#x27;"));
    expect(body).toContain('value="Robin"');
    expect(body).toContain('value="robin@example.com"');
    expect(body).not.toContain(password);
    expectNothingInternal(body);
  });
});
