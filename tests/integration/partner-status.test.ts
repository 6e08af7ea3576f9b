import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as adminLoader } from "#app/routes/petadmin/index";
import { createTestEnv, getRequest, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { signedIn } from "./signed-in";
import { createAccount } from "../builders/accounts";

/** Pet Admin's landing tells staff how the nightly partner uploads went (decision 043). */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  // Petfinder is set up; Adopt-a-Pet has no secrets.
  t = await createTestEnv({
    PETFINDER_FTP_HOST: "ftp.example:2121",
    PETFINDER_FTP_USER: "CA1234",
    PETFINDER_FTP_PASSWORD: "secret",
  });
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

const run = (
  partner: string,
  at: string,
  ok: boolean,
  petCount: number,
  error: string | null,
  unknown: string[] = [],
) =>
  t.env.DB.prepare(
    "insert into syndication_runs (partner, started_at, finished_at, ok, pet_count, error, unknown_breeds) values (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(partner, Date.parse(at), Date.parse(at) + 2000, ok ? 1 : 0, petCount, error, JSON.stringify(unknown))
    .run();

it("shows each partner's last file received, its pets, breeds sent as the nearest, and the last error", async () => {
  await run("petfinder", "2026-11-22T10:30:00Z", true, 40, null);
  await run("petfinder", "2026-11-23T10:30:00Z", true, 41, null, ["Tank: Bulldog (Dog) → Mixed Breed"]);
  await run("petfinder", "2026-11-24T10:30:00Z", false, 42, "login (PASS): 530 Login incorrect");

  const page = await respond(t, adminLoader, withCookies(getRequest("/petadmin"), staff));
  expect((page.data as { partners: unknown[] }).partners).toEqual([
    {
      partner: "petfinder",
      name: "Petfinder",
      configured: true,
      // Sent over FTPS, the setting of app/config/shelter.ts.
      tls: "required",
      lastSuccess: { at: "Mon, Nov 23, 2:30 AM", petCount: 41, unknownBreeds: ["Tank: Bulldog (Dog) → Mixed Breed"] },
      lastError: { at: "Tue, Nov 24, 2:30 AM", error: "login (PASS): 530 Login incorrect" },
    },
    { partner: "adoptapet", name: "Adopt-a-Pet", configured: false, tls: null, lastSuccess: null, lastError: null },
  ]);

  // The next night's upload arrives: the error is no longer shown.
  await run("petfinder", "2026-11-25T10:30:00Z", true, 42, null);
  const next = await respond(t, adminLoader, withCookies(getRequest("/petadmin"), staff));
  expect((next.data as { partners: { lastSuccess: unknown; lastError: unknown }[] }).partners[0]).toMatchObject({
    lastSuccess: { at: "Wed, Nov 25, 2:30 AM", petCount: 42 },
    lastError: null,
  });
});

it("says when a partner's file goes over plain FTP, because its server offers no encryption", async () => {
  const plain = await createTestEnv({
    PETFINDER_FTP_HOST: "ftp.example",
    PETFINDER_FTP_USER: "CA1234",
    PETFINDER_FTP_PASSWORD: "secret",
    PETFINDER_FTP_TLS: "none",
  });
  try {
    const member = await signedIn(plain, await createAccount(plain.env.DB, { role: "member" }));
    const page = await respond(plain, adminLoader, withCookies(getRequest("/petadmin"), member));
    expect(
      (page.data as { partners: { partner: string; tls: string | null }[] }).partners.map(({ partner, tls }) => ({
        partner,
        tls,
      })),
    ).toEqual([
      { partner: "petfinder", tls: "none" },
      { partner: "adoptapet", tls: null },
    ]);
  } finally {
    await plain.dispose();
  }
});
