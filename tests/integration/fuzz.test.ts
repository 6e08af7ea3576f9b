import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { unsubscribeToken } from "#app/lib/email/alert-tokens";
import { activeLevels } from "#app/lib/pets/breeds";
import { derivativeKey, derivatives, isPhotoKey, keysWithDerivatives } from "#app/lib/photos/photos";
import { housingOptions, residentPetTypes, youngestAges } from "#app/lib/match/questionnaire";
import { createPet, setPublished } from "#app/models/pet-admin.server";
import { startSession } from "#app/services/session.server";
import { routeModulesMatching } from "./route-modules";
import * as splat from "#app/routes/site/not-found";
import * as home from "#app/routes/site/home";
import * as adoptSpecies from "#app/routes/adopt/species";
import * as adoptIndex from "#app/routes/adopt/index";
import * as adoptApply from "#app/routes/adopt/apply";
import * as adoptPet from "#app/routes/adopt/pet";
import * as adopted from "#app/routes/adopt/adopted";
import * as unsubscribe from "#app/routes/adopt/alerts-unsubscribe";
import * as donate from "#app/routes/give/donate";
import * as favorite from "#app/routes/adopt/favorite";
import * as forgotPassword from "#app/routes/account/forgot-password";
import * as foster from "#app/routes/foster/index";
import * as join from "#app/routes/site/join";
import * as match from "#app/routes/match/route";
import * as newsletterConfirm from "#app/routes/site/newsletter-confirm";
import * as newsletterUnsubscribe from "#app/routes/site/newsletter-unsubscribe";
import * as subscribersCsv from "#app/routes/petadmin/subscribers.csv";
import * as applications from "#app/routes/adopt/applications";
import * as onHold from "#app/routes/adopt/on-hold";
import * as petadminHome from "#app/routes/petadmin/index";
import * as inbox from "#app/routes/petadmin/inbox/index";
import * as inboxApplication from "#app/routes/petadmin/inbox/application";
import * as inboxMessage from "#app/routes/petadmin/inbox/message";
import * as petadminCreate from "#app/routes/petadmin/create";
import * as petadminEdit from "#app/routes/petadmin/edit/route";
import * as petadminSecurity from "#app/routes/petadmin/security";
import * as petadminStaff from "#app/routes/petadmin/staff";
import * as petadminVisits from "#app/routes/petadmin/visits";
import * as applicationVisit from "#app/routes/adopt/application-visit";
import * as applicationCheckout from "#app/routes/adopt/application-checkout";
import * as contractFile from "#app/routes/adopt/contract-file";
import * as petadmin from "#app/routes/petadmin/layout";
import * as register from "#app/routes/account/register";
import * as resetPassword from "#app/routes/account/reset-password";
import * as signInRequired from "#app/routes/account/sign-in-required";
import * as signIn from "#app/routes/account/sign-in";
import * as main from "#app/routes/site/layout";
import * as userProfile from "#app/routes/account/user-profile";
import * as verifyEmail from "#app/routes/account/verify-email";
import * as newPetAlerts from "#app/routes/adopt/alerts-new-pets";
import * as googleCallback from "#app/routes/account/google-callback";
import * as google from "#app/routes/account/google";
import * as confirmEmail from "#app/routes/account/confirm-email";
import * as outbox from "#app/routes/site/dev-outbox";
import * as testData from "#app/routes/site/dev-test-data";
import * as favoritesToggle from "#app/routes/adopt/favorites-toggle";
import * as healthz from "#app/routes/site/healthz";
import * as serviceWorker from "#app/routes/site/sw.js";
import * as logout from "#app/routes/account/logout";
import * as language from "#app/routes/site/language";
import * as photos from "#app/routes/photos/photo";
import * as shareImage from "#app/routes/photos/share-image";
import * as fosterNotePhotos from "#app/routes/petadmin/foster-note-photo";
import * as storyPhotos from "#app/routes/petadmin/story-photo";
import * as flyer from "#app/routes/adopt/flyer";
import * as petadminFlyers from "#app/routes/petadmin/flyers";
import * as volunteer from "#app/routes/volunteer/index";
import * as volunteerApply from "#app/routes/volunteer/apply";
import * as volunteerConfirm from "#app/routes/volunteer/confirm";
import * as inboxVolunteer from "#app/routes/petadmin/inbox/volunteer";
import * as lostFoundBoard from "#app/routes/lost-found/index";
import * as lostFoundReport from "#app/routes/lost-found/report";
import * as lostFoundConfirm from "#app/routes/lost-found/confirm";
import * as lostFoundPage from "#app/routes/lost-found/report-page";
import * as lostFoundLink from "#app/routes/lost-found/reporter-link";
import * as lostFoundMessageConfirm from "#app/routes/lost-found/message-confirm";
import * as lostFoundMessageReply from "#app/routes/lost-found/message-reply";
import * as petadminLostFound from "#app/routes/petadmin/lost-found";
import * as fosterApply from "#app/routes/foster/apply";
import * as petadminFosters from "#app/routes/petadmin/fosters";
import * as fosterPets from "#app/routes/foster/pets";
import * as inboxFoster from "#app/routes/petadmin/inbox/foster";
import * as feed from "#app/routes/adopt/feed.xml";
import * as speciesFeed from "#app/routes/adopt/species-feed.xml";
import * as robots from "#app/routes/site/robots.txt";
import * as sitemap from "#app/routes/site/sitemap.xml";
import * as petStays from "#app/routes/petadmin/pet-stays";
import * as petadminReports from "#app/routes/petadmin/reports";
import * as reportsCsv from "#app/routes/petadmin/reports.csv";
import * as statisticsPage from "#app/routes/site/statistics";
import * as donateThanks from "#app/routes/give/thanks";
import * as donateManage from "#app/routes/give/manage";
import * as petadminDonations from "#app/routes/petadmin/donations";
import * as donationsCsv from "#app/routes/petadmin/donations.csv";
import * as stripeWebhook from "#app/routes/give/stripe-webhook";
import {
  localStripeSecrets,
  standInWorkerVars,
  startStripeStandIn,
  type StripeStandIn,
} from "../../scripts/lib/stripe-stand-in";
import * as petCare from "#app/routes/petadmin/pet-care";
import * as careStop from "#app/routes/adopt/care-stop";
import * as careAnswer from "#app/routes/adopt/care-answer";
import { createAccount } from "../builders/accounts";
import { goodAnswers } from "../builders/applications";
import { bodyEncoding, cookieHeader, formEntries, formRequest, pathSegment, queryString } from "./fuzz-arbitraries";
import { CookieJar, createTestEnv, respond, type TestEnv } from "./harness";
import { snapshotOf, snapshotStatements as snapshotStatementsOf } from "./snapshot";

/*
 * Property-based fuzzing (issue 9): random and malformed bodies to every action, random query strings,
 * path segments and cookies to every loader, as a visitor, an adopter, an unconfirmed account and
 * staff. Never a 500, and never a partial write: after every case the database invariants below hold,
 * and a refused request (4xx) changed nothing. FUZZ_RUNS sets the cases per route, FUZZ_SEED replays.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 20);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const replay = `replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`;

type Handler = Parameters<typeof respond>[1];
const handler = (fn: unknown) => fn as Handler;

let t: TestEnv;
const people: Record<"adopter" | "unconfirmed" | "staff" | "colleague", { id: number; email: string }> = {} as never;
const good = { petIds: [] as string[], photoKeys: [] as string[], unsubscribeToken: "" };
const counted = { actions: 0, loaders: 0 };

const roles = ["visitor", "adopter", "unconfirmed", "staff"] as const;
type Role = (typeof roles)[number];

const sessions = new Map<Role, string>();
/**
 * The role's session cookie: one kept for the whole run, or a new one for routes that end sessions
 * (a fuzzed logout must not sign the next case out).
 */
async function sessionCookie(role: Role, fresh = false): Promise<string> {
  if (role === "visitor") return "";
  const kept = sessions.get(role);
  if (kept && !fresh) return kept;
  const setCookie = await startSession(createDb(t.env.DB), new Request("http://localhost/"), people[role].id, false);
  const cookie = new CookieJar().keep(new Headers([["Set-Cookie", setCookie]])).header();
  if (!fresh) sessions.set(role, cookie);
  return cookie;
}

let jpeg: Uint8Array<ArrayBuffer>;
async function addPetWithPhotos(name: string) {
  const keys = [0, 1].map(() => `${name.toLowerCase()}-${crypto.randomUUID().replaceAll("-", "")}.jpg`);
  for (const key of keys) {
    await t.env.PHOTOS.put(key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
    for (const derivative of derivatives) await t.env.PHOTOS.put(derivativeKey(key, derivative), jpeg);
  }
  const created = await createPet(
    createDb(t.env.DB),
    {
      animalId: `FUZZ-${name}`,
      name,
      species: name.length % 2 ? "Dog" : "Cat",
      breed: ["Pug"],
      ageMonths: 14,
      weightLbs: 30,
      sex: "Female",
      activeLevel: "Very active",
      characteristics: [],
      images: keys,
    },
    people.staff.id,
  );
  if (created === "duplicate") throw new Error("fixture pet not created");
  // Published, as adopters see it: a new pet is a draft (decision 052).
  if (
    (await setPublished(createDb(t.env.DB), {
      petId: created.id,
      version: 1,
      userId: people.staff.id,
      published: true,
    })) !== "changed"
  )
    throw new Error("fixture pet not published");
  good.petIds.push(String(created.id));
  good.photoKeys.push(...keys, ...keysWithDerivatives(keys).slice(1));
}

/** The payment provider's stand-in (decision 065): the gift form's valid posts go to its page, the only other origin an answer may lead to. */
let standIn: StripeStandIn;
const stripeSecrets = localStripeSecrets();

beforeAll(async () => {
  standIn = await startStripeStandIn(0, {
    ...stripeSecrets,
    deliver: async (request) =>
      (await respond(t, handler(stripeWebhook.action), new Request("http://localhost/webhooks/stripe", request)))
        .response!,
  });
  // E2E_TEST_DATA on: POST /dev/test-data is fuzzed as the e2e run's server answers it (bad input a 400).
  t = await createTestEnv({ ...standInWorkerVars(standIn, stripeSecrets), E2E_TEST_DATA: "on" } as Partial<Env>);
  prepareChecks();
  people.adopter = await createAccount(t.env.DB, { email: "adopter@example.com" });
  people.unconfirmed = await createAccount(t.env.DB, { email: "new@example.com", confirmed: false });
  people.staff = await createAccount(t.env.DB, { email: "staff@example.com", role: "owner" });
  people.colleague = await createAccount(t.env.DB, { email: "colleague@example.com", role: "member" });
  jpeg = new Uint8Array(
    await sharp({ create: { width: 60, height: 40, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer(),
  );
  for (const name of ["Biscuit", "Luna", "Pepper"]) await addPetWithPhotos(name);
  await t.env.DB.prepare(
    "update pets set on_hold_email = 'adopter@example.com', on_hold_date = 1, on_hold_until = 2 where id = ?",
  )
    .bind(good.petIds[1])
    .run();
  good.unsubscribeToken = await unsubscribeToken(people.adopter.id, t.context.config.alertTokenSecret!);
  // Application 1 (the unconfirmed account's, for the first pet) and message 1, for the inbox's routes.
  await t.env.DB.batch([
    t.env.DB.prepare(
      "insert into adoption_applications (id, pet_id, user_id, status, answers, submitted_at, created_at, updated_at) values (1, ?, ?, 'submitted', ?, 1, 1, 1)",
    ).bind(good.petIds[0], people.unconfirmed.id, JSON.stringify(goodAnswers)),
    t.env.DB.prepare(
      "insert into application_events (application_id, status, user_id, created_at) values (1, 'submitted', ?, 1)",
    ).bind(people.unconfirmed.id),
    t.env.DB.prepare(
      "insert into contact_messages (id, name, email, message, created_at) values (1, 'Vera', 'vera@example.com', 'Do you take rabbits?', 1)",
    ),
    // Lost and found report 1, confirmed and open, for its page and one-click links.
    t.env.DB.prepare(
      "insert into lost_found_reports (id, kind, species, sex, size, colours, description, date, place, reporter_name, reporter_email, created_at, confirmed_at, open_until) values (1, 'lost', 'dog', 'male', 'medium', '[\"brown\"]', 'A brown dog with a red collar.', '2026-11-20', 'eureka', 'Olive', 'olive@example.com', 1, 1, ?)",
    ).bind(Date.now() + 30 * 24 * 60 * 60 * 1000),
  ]);
});

afterAll(async () => {
  await standIn?.stop();
  console.log(
    `fuzz: ${counted.actions} action cases and ${counted.loaders} loader cases ran (FUZZ_RUNS=${runs}, FUZZ_SEED=${seed})`,
  );
  await t?.dispose();
});

// ---------------------------------------------------------------------------------------------------
// What must hold after every case.

/** Rows that only a successful request may change (rate limits, sessions and the outbox may change on refusals). */
const guardedTables = [
  "pets",
  "pet_changes",
  "users",
  "contact_messages",
  "newsletter_subscribers",
  "favorites",
  "memberships",
  "invitations",
  "organisations",
  "user_tokens",
  "adoption_applications",
  "application_events",
  "inbox_notes",
  "newsletter_pending",
  "lost_found_reports",
  "lost_found_matches",
];

/*
 * Statements are prepared once and reused: preparing goes through Miniflare's synchronous proxy call,
 * which under heavy CPU load can read its reply before it arrives (a Node `assert` fails with
 * "false == true" and every later call fails too), so the checks keep those calls out of each case.
 */
let snapshotStatements: () => D1PreparedStatement[];
let invariantStatements: D1PreparedStatement[];
function prepareChecks() {
  const snapshotQueries = snapshotStatementsOf(t.env.DB, guardedTables);
  snapshotStatements = () => snapshotQueries;
  invariantStatements = [
    t.env.DB.prepare(
      "select id, images, version, on_hold_email, on_hold_date, on_hold_until, adopted_email, adopted_date, (select count(*) from pet_changes c where c.pet_id = pets.id) as changes from pets",
    ),
    t.env.DB.prepare(
      `select 'user' as what, id from users where email not like '%_@_%' or email <> lower(trim(email)) or trim(first_name) = '' or trim(last_name) = ''
       union all select 'invitation', token_hash from invitations where email not like '%_@_%' or role not in ('owner', 'admin', 'member')
       union all select 'message', id from contact_messages where email not like '%_@_%' or trim(name) = '' or trim(message) = ''
       union all select 'subscriber', id from newsletter_subscribers where email not like '%_@_%'
       union all select 'owners', count(*) from memberships where role = 'owner' having count(*) = 0`,
    ),
    // D1 allows few terms in a compound select: the applications' rules are a statement of their own.
    t.env.DB.prepare(
      `select 'application without history', id from adoption_applications a
         where status != 'draft' and not exists (select 1 from application_events e where e.application_id = a.id and e.status = a.status)
       union all select 'declined without reason', id from adoption_applications where status = 'declined' and coalesce(trim(decline_reason), '') = ''
       union all select 'approved without its hold (decision 040)', a.id from adoption_applications a join users u on u.id = a.user_id
         where a.status = 'approved' and not exists (select 1 from pets p where p.id = a.pet_id and p.adopted_email is null and lower(p.on_hold_email) = lower(u.email))
       union all select 'two approvals for one pet', pet_id from adoption_applications where status = 'approved' group by pet_id having count(*) > 1`,
    ),
    t.env.DB.prepare("pragma foreign_key_check"),
    t.env.DB.prepare("select images from lost_found_reports"),
  ];
}
async function snapshot(): Promise<string> {
  return snapshotOf(await t.env.DB.batch(snapshotStatements()));
}

/** Checks the invariants and returns a snapshot of the guarded tables, read in the same batch. */
async function checkInvariants(where: string): Promise<string> {
  const stored = new Set(await t.storedKeys("PHOTOS"));

  const [petRows, brokenRows, brokenApplications, foreignRows, reportRows, ...tables] = await t.env.DB.batch([
    ...invariantStatements,
    ...snapshotStatements(),
  ]);
  const pets = petRows!.results as {
    id: number;
    images: string;
    version: number;
    on_hold_email: string | null;
    on_hold_date: number | null;
    on_hold_until: number | null;
    adopted_email: string | null;
    adopted_date: number | null;
    changes: number;
  }[];
  const named = new Set<string>();
  for (const pet of pets) {
    const images = JSON.parse(pet.images) as string[];
    for (const key of images) {
      expect(isPhotoKey(key), `${where}: pet ${pet.id} names a bad photo key ${key}`).toBe(true);
      expect(stored.has(key), `${where}: pet ${pet.id} names photo ${key}, missing from R2`).toBe(true);
    }
    for (const key of keysWithDerivatives(images)) named.add(key);
    expect(pet.version, `${where}: pet ${pet.id}'s version and its history disagree`).toBe(pet.changes);
    expect(pet.on_hold_email === null, `${where}: pet ${pet.id} hold email and date disagree`).toBe(
      pet.on_hold_date === null,
    );
    expect(pet.on_hold_email === null, `${where}: pet ${pet.id} hold email and end disagree`).toBe(
      pet.on_hold_until === null,
    );
    expect(pet.adopted_email === null, `${where}: pet ${pet.id} adoption email and date disagree`).toBe(
      pet.adopted_date === null,
    );
    expect(
      pet.on_hold_email !== null && pet.adopted_email !== null,
      `${where}: pet ${pet.id} is both on hold and adopted`,
    ).toBe(false);
    if (pet.on_hold_email !== null) expect(pet.on_hold_email, where).toMatch(/^[^@\s]+@[^@\s]+$/);
    if (pet.adopted_email !== null) expect(pet.adopted_email, where).toMatch(/^[^@\s]+@[^@\s]+$/);
  }
  // A lost or found pet's report names its photos as a pet does (decision 066).
  for (const report of reportRows!.results as { images: string }[])
    for (const key of keysWithDerivatives(JSON.parse(report.images) as string[])) named.add(key);
  const orphans = [...stored].filter((key) => !named.has(key));
  expect(orphans, `${where}: photos in R2 that no pet names`).toEqual([]);

  expect(brokenRows!.results, `${where}: rows that break the data rules`).toEqual([]);
  expect(brokenApplications!.results, `${where}: applications that break the data rules`).toEqual([]);
  expect(foreignRows!.results, `${where}: rows pointing at nothing`).toEqual([]);
  return snapshotOf(tables);
}

// ---------------------------------------------------------------------------------------------------
// Every action, with its form's real field names and plausible values.

const petFields = [
  "intent",
  "petId",
  "version",
  "name",
  "animalId",
  "ageMonths",
  "weightLbs",
  "sex",
  "species",
  "breedsFor",
  "breed",
  "breedOther",
  "activeLevel",
  "characteristics",
  "characteristicsOther",
  "adoptionFee",
  "about",
  "newPhotos",
  "photoKey",
  "photoPosition",
  "removePhoto",
  "confirm",
  "email",
];
const petValues = () => [
  "save",
  "species",
  "publish",
  "unpublish",
  "hold",
  "release",
  "extend",
  "adopt",
  "unadopt",
  "delete",
  "restore",
  " Delete ",
  ...good.petIds,
  ...good.photoKeys.slice(0, 4),
  "1",
  "2",
  "3",
  "4",
  "0",
  "-1",
  "Dog",
  "Cat",
  "Other",
  "Male",
  "Female",
  "Pug",
  "Shy",
  ...activeLevels,
  "A-1",
  "Rex",
  "12",
  "32.5",
  "150",
  "adopter@example.com",
];

/**
 * Return paths a visitor can send (issue 39): off-site ones, and paths of this site that a language
 * prefix cut or added would turn into another host (`/es//evil.example` in English is `//evil.example`).
 * Every parameter that takes a return path gets them, and no answer may lead off the site.
 */
const returnPaths = () => [
  "/favorite",
  "/es/foster/apply?pet_id=1",
  "//evil.example",
  "/es//evil.example",
  "/es/\\evil.example",
  "/es/%2F%2Fevil.example",
  "/es/.//evil.example",
  "https://evil.example/",
];

/** Where a browser goes when it follows `target` from a page of this site (Spanish, to catch a prefix cut). */
const fuzzOrigin = "http://localhost";
const followedFrom = (target: string) => new URL(target, `${fuzzOrigin}/es/page`).origin;

/**
 * The Location of an answer, and every return address in its data (`redirectTo`, `continueTo`, `returnTo`,
 * `back`), lead to this site.
 */
function offSite(result: { headers: Headers; data: unknown }, allowed?: string): string | null {
  const location = result.headers.get("Location");
  if (location !== null && followedFrom(location) !== fuzzOrigin && followedFrom(location) !== allowed)
    return `Location ${location}`;
  const data = result.data && typeof result.data === "object" ? (result.data as Record<string, unknown>) : {};
  for (const key of ["redirectTo", "continueTo", "returnTo", "back"]) {
    const value = data[key];
    if (typeof value === "string" && followedFrom(value) !== fuzzOrigin) return `${key} ${value}`;
  }
  return null;
}

interface ActionTarget {
  action: Handler;
  url: string;
  fields: string[];
  values: () => string[];
  params?: Record<string, string>;
  endsSessions?: true;
  leadsTo?: () => string;
}
const actions: Record<string, ActionTarget> = {
  "site/home.tsx": {
    action: handler(home.action),
    url: "/?index",
    fields: ["intent", "name", "email", "message", "fax_number"],
    values: () => ["contact", "newsletter", "Alex", "adopter@example.com", "Hello there, a message.", ""],
  },
  "adopt/alerts-unsubscribe.tsx": {
    action: handler(unsubscribe.action),
    url: "/alerts/unsubscribe",
    fields: ["user", "token", "List-Unsubscribe"],
    values: () => [
      String(people.adopter.id),
      String(people.staff.id),
      good.unsubscribeToken,
      "One-Click",
      "abc",
      "A".repeat(43),
    ],
  },
  "account/forgot-password.tsx": {
    action: handler(forgotPassword.action),
    url: "/forgot-password",
    fields: ["email"],
    values: () => ["adopter@example.com", "nobody@example.com", "ADOPTER@EXAMPLE.COM "],
  },
  "site/join.tsx": {
    action: handler(join.action),
    url: "/join",
    fields: ["token"],
    values: () => ["abc", "0".repeat(64)],
  },
  "match/route.tsx": {
    action: handler(match.action),
    url: "/match",
    fields: [
      "intent",
      "question",
      "housing",
      "other",
      "children",
      "youngestAge",
      "allergic",
      "animals",
      "hasPets",
      "pets[0].type",
      "pets[0].age",
      "pets[0].isNeutered",
      "pets[2].age",
      "species",
      "fromAge",
      "toAge",
      "sizes",
      "levels",
      "answer",
      "__intent__",
    ],
    values: () => [
      "continue",
      "answer",
      "match",
      "relax",
      '{"type":"insert","payload":{"name":"pets"}}',
      '{"type":"remove","payload":{"name":"pets","index":4}}',
      '{"type":"insert","payload":{"name":"hasPets"}}',
      "{bad",
      "a1",
      "a2",
      "a3",
      "a4",
      "p1",
      "p2",
      "p3",
      "p4",
      ...housingOptions,
      ...youngestAges,
      ...residentPetTypes,
      "Yes",
      "No",
      "on",
      "All",
      "0",
      "3",
      "11",
      "24",
      "60",
      "Cat",
      "Dog",
      "Small",
      "Large",
      ...activeLevels,
    ],
  },
  "adopt/apply.tsx": {
    action: handler(adoptApply.action),
    url: "/adopt/apply?pet_id=1",
    fields: ["intent", ...Object.keys(goodAnswers)],
    values: () => ["submit", "draft", "discard", ...Object.values(goodAnswers), "I rent it", "-1", "1e3"],
  },
  "adopt/applications.tsx": {
    action: handler(applications.action),
    url: "/applications",
    fields: ["intent", "id", "version"],
    values: () => ["withdraw", "discard", "1", "2", "3", "0", "-1", "1e3"],
  },
  "adopt/application-visit.tsx": {
    action: handler(applicationVisit.action),
    url: "/applications/1/visit",
    params: { id: "1" },
    fields: ["intent", "slot", "visitId", "version"],
    values: () => ["book", "cancel", "1", "0", "-1", "1e3", String(Date.now() + 86_400_000), "99999999999999"],
  },
  "adopt/application-checkout.tsx": {
    action: handler(applicationCheckout.action),
    url: "/applications/1/checkout",
    params: { id: "1" },
    fields: ["intent", "consent", "name", "gift", "giftOther"],
    values: () => ["sign", "pay", "on", "Ada Adopter", "none", "10", "other", "1e3", "-1", "__proto__"],
  },
  "petadmin/visits.tsx": {
    action: handler(petadminVisits.action),
    url: "/petadmin/visits",
    fields: ["intent", "visitId", "version", "capacity"],
    values: () => ["met", "no_show", "settings", "1", "2", "0", "-1", "21", "many", "1e3"],
  },
  "site/newsletter-confirm.tsx": {
    action: handler(newsletterConfirm.action),
    url: "/newsletter/confirm",
    fields: ["token"],
    values: () => ["abc", "A".repeat(43)],
  },
  "volunteer/apply.tsx": {
    action: handler(volunteerApply.action),
    url: "/volunteer/apply",
    fields: [
      "role",
      "name",
      "email",
      "phone",
      "availability",
      "interests",
      "experience",
      "age",
      "guardianName",
      "note",
      "fax_number",
    ],
    values: () => [
      "social-media",
      "event-planning",
      "Sam",
      "sam@example.com",
      "707 555 0101",
      "monday-morning",
      "sunday-evening",
      "cats",
      "adult",
      "minor-with-consent",
      "__proto__",
      "",
    ],
  },
  "volunteer/confirm.tsx": {
    action: handler(volunteerConfirm.action),
    url: "/volunteer/confirm",
    fields: ["token"],
    values: () => ["abc", "A".repeat(43)],
  },
  "lost-found/report.tsx": {
    action: handler(lostFoundReport.action),
    url: "/lost-found/report",
    fields: [
      "kind",
      "species",
      "sex",
      "size",
      "colours",
      "otherColours",
      "description",
      "date",
      "place",
      "crossStreets",
      "microchip",
      "name",
      "email",
      "phone",
      "photos",
      "fax_number",
    ],
    values: () => [
      "lost",
      "found",
      "dog",
      "cat",
      "other",
      "male",
      "unknown",
      "medium",
      "brown",
      "white",
      "A brown dog with a red collar.",
      "2026-11-20",
      "2099-01-01",
      "eureka",
      "arcata",
      "5th and H",
      "985112000",
      "Sam",
      "sam@example.com",
      "707 555 0101",
      "__proto__",
      "",
    ],
  },
  "lost-found/confirm.tsx": {
    action: handler(lostFoundConfirm.action),
    url: "/lost-found/confirm",
    fields: ["token"],
    values: () => ["abc", "A".repeat(43)],
  },
  "lost-found/report-page.tsx": {
    action: handler(lostFoundPage.action),
    url: "/lost-found/1",
    params: { id: "1" },
    fields: ["intent", "reason", "name", "email", "message", "share", "fax_number"],
    values: () => [
      "hide",
      "show",
      "message",
      "A phone number in the text",
      "Is this my dog? He has a white chest.",
      "sam@example.com",
      "on",
      "",
      "__proto__",
    ],
  },
  "petadmin/lost-found.tsx": {
    action: handler(petadminLostFound.action),
    url: "/petadmin/lost-found",
    fields: ["intent", "match", "version"],
    values: () => ["returned", "not-this", "1", "0", "-1", "1e3", "__proto__", ""],
  },
  "lost-found/message-confirm.tsx": {
    action: handler(lostFoundMessageConfirm.action),
    url: "/lost-found/messages/confirm",
    fields: ["token"],
    values: () => ["abc", "A".repeat(43)],
  },
  "lost-found/message-reply.tsx": {
    action: handler(lostFoundMessageReply.action),
    url: "/lost-found/messages/1?as=reporter&token=abc",
    params: { thread: "1" },
    fields: ["as", "token", "message", "share"],
    values: () => ["reporter", "sender", "A".repeat(43), "Yes, he is mine, thank you!", "on", "", "__proto__"],
  },
  "lost-found/reporter-link.tsx": {
    action: handler(lostFoundLink.action),
    url: "/lost-found/1/close",
    params: { id: "1", action: "close" },
    fields: ["token"],
    values: () => ["abc", "A".repeat(43)],
  },
  "give/donate.tsx": {
    action: handler(donate.action),
    url: "/donate",
    fields: [
      "amount",
      "custom",
      "frequency",
      "name",
      "email",
      "dedication",
      "dedicationName",
      "dedicationEmail",
      "fund",
      "pet",
      "fax_number",
    ],
    values: () => [
      "1",
      "999999",
      "25",
      "50",
      "100",
      "custom",
      "0",
      "abc",
      "25000",
      "25001",
      "12.5",
      "one_time",
      "monthly",
      "Dana",
      "dana@example.com",
      "honor",
      "memory",
      "general",
      "medical",
      "pet_fee",
      "__proto__",
      "",
    ],
    leadsTo: () => standIn.url,
  },
  "give/manage.tsx": {
    action: handler(donateManage.action),
    url: "/donate/manage",
    fields: ["gift", "token"],
    values: () => ["1", "0", "-1", "1e3", "abc", "A".repeat(43)],
  },
  "petadmin/donations.tsx": {
    action: handler(petadminDonations.action),
    url: "/petadmin/donations",
    fields: ["payment", "reason"],
    values: () => ["1", "0", "-1", "1e3", "asked", "x".repeat(201), ""],
  },
  "give/stripe-webhook.ts": {
    action: handler(stripeWebhook.action),
    url: "/webhooks/stripe",
    fields: ["id", "type", "data"],
    values: () => ["evt_1", "checkout.session.completed", "{}", ""],
  },
  "foster/apply.tsx": {
    action: handler(fosterApply.action),
    url: "/foster/apply?pet_id=1",
    fields: [
      "intent",
      "fullName",
      "phone",
      "ownership",
      "adults",
      "children",
      "canTake",
      "dogPlaces",
      "catPlaces",
      "awayFrom",
      "awayUntil",
      "agree",
    ],
    values: () => [
      "submit",
      "draft",
      "I rent it",
      "cats",
      "dogs",
      "hospice",
      "2",
      "-1",
      "1e3",
      "2027-01-10",
      "2026-13-45",
      "on",
      "__proto__",
    ],
  },
  "petadmin/pet-stays.tsx": {
    action: handler(petStays.action),
    url: "/petadmin/pets/1/stays",
    params: { id: "1" },
    fields: [
      "intent",
      "version",
      "stayId",
      "intakeType",
      "intakeOn",
      "intakeSource",
      "intakeNotes",
      "outcomeType",
      "outcomeOn",
      "outcomeDestination",
      "outcomeNotes",
    ],
    values: () => [
      "intake",
      "outcome",
      "undo",
      "return",
      "1",
      "2",
      "0",
      "-1",
      "1e3",
      "stray",
      "returned_adoption",
      "returned_to_owner",
      "transferred_out",
      "adoption",
      "2026-01-05",
      "2026-02-30",
      "2999-01-01",
      "Redwood Rescue",
      "__proto__",
      "",
    ],
  },
  "petadmin/fosters.tsx": {
    action: handler(petadminFosters.action),
    url: "/petadmin/fosters",
    fields: ["intent", "petId", "fosterId", "listing", "returnTo", "placementId", "noteId"],
    values: () => [
      "place",
      "end",
      "approve-note",
      "reject-note",
      "listed",
      "unlisted",
      ...good.petIds,
      "1",
      "0",
      "-1",
      "1e3",
      "/petadmin/edit?pet_id=1&tab=description",
      ...returnPaths(),
      "__proto__",
    ],
  },
  "adopt/care-stop.tsx": {
    action: handler(careStop.action),
    url: "/care/stop",
    fields: ["email", "token", "List-Unsubscribe"],
    values: () => ["adopter@example.com", "abc", "One-Click", "A".repeat(43), "__proto__", ""],
  },
  "adopt/care-answer.tsx": {
    action: handler(careAnswer.action),
    url: "/care/answer",
    fields: ["pet", "email", "kind", "item", "answer", "token", "line", "photo"],
    values: () => [
      "1",
      "0",
      "1e3",
      "adopter@example.com",
      "check-in-3d",
      "vaccine-due",
      "help",
      "well",
      "done",
      "A".repeat(43),
      "x".repeat(600),
      "__proto__",
      "",
    ],
  },
  "petadmin/pet-care.tsx": {
    action: handler(petCare.action),
    url: "/petadmin/pets/1/care",
    params: { id: "1" },
    fields: [
      "intent",
      "version",
      "disease",
      "otherName",
      "givenOn",
      "nextDueOn",
      "product",
      "lot",
      "fixed",
      "fixedOn",
      "fixedDueOn",
      "chipNumber",
      "chipImplantedOn",
      "weighedOn",
      "weightLbs",
      "kind",
      "text",
    ],
    values: () => [
      "vaccination",
      "fixed",
      "chip",
      "weight",
      "note",
      "rabies",
      "other",
      "yes",
      "no",
      "unknown",
      "medication",
      "0",
      "1",
      "-1",
      "1e3",
      "2026-11-20",
      "2026-02-30",
      "985112003456789",
      "0A1B2C3D4E",
      "12345",
      "__proto__",
      "",
    ],
  },
  "foster/pets.tsx": {
    action: handler(fosterPets.action),
    url: "/foster/pets",
    fields: ["placementId", "text", "photos"],
    values: () => ["1", "2", "0", "-1", "1e3", "At home she sleeps a lot.", "", "__proto__"],
  },
  "petadmin/inbox/foster.tsx": {
    action: handler(inboxFoster.action),
    url: "/petadmin/inbox/foster/1",
    params: { id: "1" },
    fields: ["status", "version"],
    values: () => [
      "applied",
      "approved",
      "active",
      "on_break",
      "inactive",
      "declined",
      "draft",
      "1",
      "2",
      "-1",
      "__proto__",
    ],
  },
  "petadmin/inbox/volunteer.tsx": {
    action: handler(inboxVolunteer.action),
    url: "/petadmin/inbox/volunteer/1",
    params: { id: "1" },
    fields: ["status", "version"],
    values: () => ["new", "contacted", "welcomed", "not_now", "unconfirmed", "1", "2", "-1", "1e3", "__proto__"],
  },
  "site/newsletter-unsubscribe.tsx": {
    action: handler(newsletterUnsubscribe.action),
    url: "/newsletter/unsubscribe",
    fields: ["token", "List-Unsubscribe"],
    values: () => ["abc", "A".repeat(43), "One-Click"],
  },
  "petadmin/inbox/application.tsx": {
    action: handler(inboxApplication.action),
    url: "/petadmin/inbox/application/1",
    params: { id: "1" },
    // The adoption papers' forms too (decision 070): send (waived with a reason), the desk payment, a scan.
    fields: ["intent", "version", "reason", "note", "waive", "method", "receipt", "scan"],
    values: () => [
      "review",
      "approve",
      "decline",
      "adopt",
      "note",
      "send-papers",
      "desk-payment",
      "paper-signed",
      "on",
      "cash",
      "card",
      "R-0042",
      "1",
      "2",
      "3",
      "4",
      "-1",
      "A reason long enough to read.",
      "short",
    ],
  },
  "petadmin/inbox/message.tsx": {
    action: handler(inboxMessage.action),
    url: "/petadmin/inbox/message/1",
    params: { id: "1" },
    fields: ["intent", "version", "note"],
    values: () => ["handled", "unhandled", "note", "1", "2", "3", "-1", "Called back."],
  },
  "petadmin/create.tsx": {
    action: handler(petadminCreate.action),
    url: "/petadmin/create",
    fields: petFields,
    values: petValues,
  },
  "petadmin/edit/route.tsx": {
    action: handler(petadminEdit.action),
    url: "/petadmin/edit",
    fields: petFields,
    values: petValues,
  },
  "petadmin/staff.tsx": {
    action: handler(petadminStaff.action),
    url: "/petadmin/staff",
    fields: ["intent", "email", "role", "userId"],
    values: () => [
      "invite",
      "role",
      "remove",
      "owner",
      "admin",
      "member",
      "king",
      "new.hire@example.com",
      ...Object.values(people).map((person) => String(person.id)),
    ],
  },
  "account/register.tsx": {
    action: handler(register.action),
    url: "/register",
    fields: [
      "firstName",
      "lastName",
      "email",
      "password",
      "confirmPassword",
      "dateOfBirth",
      "gender",
      "agreeToTerms",
      "redirectTo",
      "fax_number",
    ],
    values: () => [
      "Alex",
      "new.person@example.com",
      "adopter@example.com",
      "a-long-test-password",
      "password",
      "2000-01-31",
      "1900-02-30",
      "male",
      "prefer-not-to-say",
      "on",
      ...returnPaths(),
    ],
  },
  "account/reset-password.tsx": {
    action: handler(resetPassword.action),
    url: "/reset-password",
    fields: ["token", "password", "confirmPassword"],
    values: () => ["abc", "a-long-test-password", "short"],
    endsSessions: true,
  },
  "account/sign-in.tsx": {
    action: handler(signIn.action),
    url: "/sign-in",
    fields: ["email", "password", "remember", "redirectTo"],
    values: () => [
      "adopter@example.com",
      "staff@example.com",
      "new@example.com",
      "a-long-test-password",
      "wrong-password",
      "on",
      ...returnPaths(),
    ],
  },
  "account/user-profile.tsx": {
    action: handler(userProfile.action),
    url: "/user-profile",
    fields: ["intent", "currentPassword", "password", "confirmPassword", "device"],
    values: () => [
      "change-password",
      "sign-out-others",
      "sign-out-device",
      "a-long-test-password",
      "a-brand-new-passphrase",
      "short",
      "0123456789abcdef",
      "zz",
    ],
    endsSessions: true,
  },
  "account/verify-email.tsx": {
    action: handler(verifyEmail.action),
    url: "/verify-email",
    fields: ["token", "redirectTo"],
    values: () => ["abc", "0".repeat(64), ...returnPaths()],
  },
  "adopt/alerts-new-pets.tsx": {
    action: handler(newPetAlerts.action),
    url: "/alerts/new-pets",
    fields: ["alerts", "redirectTo"],
    values: () => ["on", "off", "maybe", "/match", ...returnPaths()],
  },
  "account/google.tsx": {
    action: handler(google.action),
    url: "/auth/google",
    fields: ["redirectTo"],
    values: () => returnPaths(),
  },
  "account/confirm-email.tsx": {
    action: handler(confirmEmail.action),
    url: "/confirm-email",
    fields: ["intent", "redirectTo"],
    values: () => ["logout", "resend", ...returnPaths()],
    endsSessions: true,
  },
  "adopt/favorites-toggle.tsx": {
    action: handler(favoritesToggle.action),
    url: "/favorites/toggle",
    fields: ["petId", "favorite", "stay", "redirectTo"],
    values: () => [...good.petIds, "true", "false", "1", "/adopt/dog", "/es/adopt/dog", ...returnPaths(), "999999999"],
  },
  "site/dev-test-data.ts": {
    action: handler(testData.action),
    url: "/dev/test-data",
    fields: ["make", "species", "name", "heldFor", "pets"],
    values: () => ["pet", "adopter", "removal", "Cat", "Dog", "adopter@example.com", "1", "[1]"],
  },
  "site/language.tsx": {
    action: handler(language.action),
    url: "/language",
    fields: ["to", "path"],
    values: () => ["es", "en", "xx", "/adopt", "/es/sign-in?x=1", ...returnPaths()],
  },
  "account/logout.tsx": {
    action: handler(logout.action),
    url: "/logout",
    fields: ["redirectTo"],
    values: () => ["/"],
    endsSessions: true,
  },
};

// ---------------------------------------------------------------------------------------------------
// Every loader, with its real query keys and, for dynamic routes, path segments.

interface LoaderTarget {
  loader: Handler;
  path: string;
  keys: string[];
  values: () => string[];
  param?: { name: string; values: () => string[] };
  params?: Record<string, string>;
}
const loaders: Record<string, LoaderTarget> = {
  "site/not-found.tsx": {
    loader: handler(splat.loader),
    path: "/",
    keys: [],
    values: () => [],
    param: { name: "*", values: () => ["nothing/here", "adopt/dog/x"] },
  },
  "site/home.tsx": {
    loader: handler(home.loader),
    path: "/",
    keys: ["message", "subscribed", "index"],
    values: () => ["sent", "yes"],
  },
  "adopt/species.tsx": {
    loader: handler(adoptSpecies.loader),
    path: "/adopt/",
    keys: ["sort", "sex", "age", "size", "breed", "breeds", "page", "clear", "activeLevel", "characteristics", "q"],
    values: () => [
      "newest",
      "relevant",
      "oldest",
      "Male",
      "Female",
      "Small",
      "Large",
      "baby",
      "senior",
      "Pug",
      "1",
      "2",
      "0",
      "-1",
      "99999999999999999999",
      ...activeLevels,
    ],
    param: { name: "species", values: () => ["cat", "dog", "other", "Cat", "DOG", "bird"] },
  },
  "adopt/pet.tsx": {
    loader: handler(adoptPet.loader),
    path: "/adopt/pet",
    keys: ["pet_id", "id"],
    values: () => [...good.petIds, "0", "-1", "1.5", "1e3", "99999999999999999999"],
  },
  "adopt/alerts-unsubscribe.tsx": {
    loader: handler(unsubscribe.loader),
    path: "/alerts/unsubscribe",
    keys: ["user", "token", "done"],
    values: () => [String(people.adopter.id), good.unsubscribeToken, "abc", "99999999999999999999", "__proto__"],
  },
  "adopt/apply.tsx": {
    loader: handler(adoptApply.loader),
    path: "/adopt/apply",
    keys: ["pet_id", "saved"],
    values: () => [...good.petIds, "draft", "0", "-1", "1e3"],
  },
  "adopt/applications.tsx": {
    loader: handler(applications.loader),
    path: "/applications",
    keys: ["sent", "withdrawn"],
    values: () => ["1", "__proto__"],
  },
  "adopt/application-visit.tsx": {
    loader: handler(applicationVisit.loader),
    path: "/applications/",
    keys: ["done"],
    values: () => ["booked", "moved", "cancelled", "__proto__"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "adopt/application-checkout.tsx": {
    loader: handler(applicationCheckout.loader),
    path: "/applications/",
    keys: ["paid", "signed"],
    values: () => ["1", "__proto__"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "adopt/contract-file.ts": {
    loader: handler(contractFile.loader),
    path: "/papers/",
    keys: [],
    values: () => [],
    param: { name: "id", values: () => ["1", "2", "0", "1e3", "x"] },
  },
  "petadmin/visits.tsx": {
    loader: handler(petadminVisits.loader),
    path: "/petadmin/visits",
    keys: ["done"],
    values: () => ["settings", "no_show", "__proto__"],
  },
  "site/newsletter-confirm.tsx": {
    loader: handler(newsletterConfirm.loader),
    path: "/newsletter/confirm",
    keys: ["token", "done"],
    values: () => ["abc", "A".repeat(43)],
  },
  "lost-found/index.tsx": {
    loader: handler(lostFoundBoard.loader),
    path: "/lost-found",
    keys: ["kind", "species"],
    values: () => ["lost", "found", "dog", "cat", "other", "__proto__", "toString", ""],
  },
  "lost-found/report.tsx": {
    loader: handler(lostFoundReport.loader),
    path: "/lost-found/report",
    keys: ["kind", "sent"],
    values: () => ["lost", "found", "yes", "__proto__"],
  },
  "lost-found/confirm.tsx": {
    loader: handler(lostFoundConfirm.loader),
    path: "/lost-found/confirm",
    keys: ["token", "done", "report"],
    values: () => ["abc", "A".repeat(43), "1", "-1", "1e3"],
  },
  "lost-found/report-page.tsx": {
    loader: handler(lostFoundPage.loader),
    path: "/lost-found/",
    keys: [],
    values: () => [],
    param: { name: "id", values: () => ["1", "2", "0", "-1", "1e3", "99999999999999999999"] },
  },
  "lost-found/reporter-link.tsx": {
    loader: handler(lostFoundLink.loader),
    path: "/lost-found/1/",
    params: { id: "1" },
    keys: ["token", "done", "until"],
    values: () => ["abc", "A".repeat(43), "December 28, 2026"],
    param: { name: "action", values: () => ["renew", "close", "delete", "__proto__"] },
  },
  "lost-found/message-confirm.tsx": {
    loader: handler(lostFoundMessageConfirm.loader),
    path: "/lost-found/messages/confirm",
    keys: ["token", "done"],
    values: () => ["abc", "A".repeat(43)],
  },
  "lost-found/message-reply.tsx": {
    loader: handler(lostFoundMessageReply.loader),
    path: "/lost-found/messages/1",
    params: { thread: "1" },
    keys: ["as", "token", "sent"],
    values: () => ["reporter", "sender", "abc", "A".repeat(43), "__proto__"],
  },
  "petadmin/lost-found.tsx": {
    loader: handler(petadminLostFound.loader),
    path: "/petadmin/lost-found",
    keys: [],
    values: () => [],
  },
  "volunteer/index.tsx": { loader: handler(volunteer.loader), path: "/volunteer", keys: [], values: () => [] },
  "volunteer/apply.tsx": {
    loader: handler(volunteerApply.loader),
    path: "/volunteer/apply",
    keys: ["role", "sent"],
    values: () => ["social-media", "yes", "__proto__", "constructor"],
  },
  "volunteer/confirm.tsx": {
    loader: handler(volunteerConfirm.loader),
    path: "/volunteer/confirm",
    keys: ["token", "done"],
    values: () => ["abc", "A".repeat(43)],
  },
  "petadmin/fosters.tsx": {
    loader: handler(petadminFosters.loader),
    path: "/petadmin/fosters",
    keys: ["species", "places", "free_on"],
    values: () => ["dogs", "cats", "birds", "1", "0", "-1", "21", "1e3", "2027-01-15", "2027-13-45", "__proto__"],
  },
  "adopt/care-stop.tsx": {
    loader: handler(careStop.loader),
    path: "/care/stop",
    keys: ["email", "token", "done"],
    values: () => ["adopter@example.com", "abc", "A".repeat(43), "__proto__"],
  },
  "adopt/care-answer.tsx": {
    loader: handler(careAnswer.loader),
    path: "/care/answer",
    keys: ["pet", "email", "kind", "item", "answer", "token", "done"],
    values: () => [
      "1",
      "0",
      "-1",
      "1e3",
      "adopter@example.com",
      "check-in-3w",
      "help",
      "return",
      "A".repeat(43),
      "__proto__",
    ],
  },
  "petadmin/pet-care.tsx": {
    loader: handler(petCare.loader),
    path: "/petadmin/pets/",
    keys: ["done"],
    values: () => ["vaccination", "chip", "__proto__", "toString"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "foster/pets.tsx": {
    loader: handler(fosterPets.loader),
    path: "/foster/pets",
    keys: ["done"],
    values: () => ["note", "__proto__"],
  },
  "foster/apply.tsx": {
    loader: handler(fosterApply.loader),
    path: "/foster/apply",
    keys: ["pet_id", "saved"],
    values: () => [...good.petIds, "draft", "0", "-1", "1e3"],
  },
  "petadmin/inbox/foster.tsx": {
    loader: handler(inboxFoster.loader),
    path: "/petadmin/inbox/foster/",
    keys: ["done"],
    values: () => ["approved", "__proto__"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "petadmin/inbox/volunteer.tsx": {
    loader: handler(inboxVolunteer.loader),
    path: "/petadmin/inbox/volunteer/",
    keys: ["done"],
    values: () => ["contacted", "__proto__"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "site/newsletter-unsubscribe.tsx": {
    loader: handler(newsletterUnsubscribe.loader),
    path: "/newsletter/unsubscribe",
    keys: ["token", "done"],
    values: () => ["abc", "A".repeat(43)],
  },
  "petadmin/subscribers.csv.ts": {
    loader: handler(subscribersCsv.loader),
    path: "/petadmin/subscribers.csv",
    keys: [],
    values: () => [],
  },
  "petadmin/index.tsx": { loader: handler(petadminHome.loader), path: "/petadmin", keys: [], values: () => [] },
  "petadmin/reports.tsx": {
    loader: handler(petadminReports.loader),
    path: "/petadmin/reports",
    keys: ["month"],
    values: () => ["2026-10", "2026-13", "2999-01", "1990-01", "__proto__", ""],
  },
  "petadmin/reports.csv.ts": {
    loader: handler(reportsCsv.loader),
    path: "/petadmin/reports.csv",
    keys: ["month"],
    values: () => ["2026-10", "2026-13", "2999-01", "__proto__"],
  },
  "site/statistics.tsx": { loader: handler(statisticsPage.loader), path: "/statistics", keys: [], values: () => [] },
  "petadmin/pet-stays.tsx": {
    loader: handler(petStays.loader),
    path: "/petadmin/pets/",
    keys: ["stay"],
    values: () => ["outcome", "returned", "__proto__"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "petadmin/inbox/index.tsx": {
    loader: handler(inbox.loader),
    path: "/petadmin/inbox",
    keys: ["kind", "status", "pet"],
    values: () => [
      "application",
      "message",
      "volunteer",
      "open",
      "all",
      "handled",
      "declined",
      "hold_ended",
      "draft",
      "volunteer:new",
      "volunteer:contacted",
      "volunteer:unconfirmed",
      "volunteer:",
      "foster",
      "foster:applied",
      "foster:draft",
      "foster:",
      "__proto__",
      ...good.petIds,
    ],
  },
  "petadmin/inbox/application.tsx": {
    loader: handler(inboxApplication.loader),
    path: "/petadmin/inbox/application/",
    keys: ["done", "confirm"],
    values: () => ["approved", "note", "approve", "__proto__", "toString"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "petadmin/inbox/message.tsx": {
    loader: handler(inboxMessage.loader),
    path: "/petadmin/inbox/message/",
    keys: ["done"],
    values: () => ["handled", "note", "__proto__", "toString"],
    param: { name: "id", values: () => ["1", "2", "0", "1e3"] },
  },
  "adopt/adopted.tsx": { loader: handler(adopted.loader), path: "/adopted", keys: [], values: () => [] },
  "give/donate.tsx": {
    loader: handler(donate.loader),
    path: "/donate",
    keys: ["amount", "custom", "frequency", "fund", "dedication", "cancelled", "pet"],
    values: () => [
      "25",
      "50",
      "custom",
      "0",
      "1",
      "-5",
      "1e9",
      "monthly",
      "medical",
      "pet_fee",
      "honor",
      "12.345",
      "__proto__",
    ],
  },
  "give/thanks.tsx": {
    loader: handler(donateThanks.loader),
    path: "/donate/thanks",
    keys: ["session_id"],
    values: () => ["cs_test_1", "cs_", "abc", "cs_" + "a".repeat(300)],
  },
  "give/manage.tsx": {
    loader: handler(donateManage.loader),
    path: "/donate/manage",
    keys: ["gift", "token", "stopped"],
    values: () => ["1", "0", "-1", "1e3", "abc", "A".repeat(43)],
  },
  "petadmin/donations.tsx": {
    loader: handler(petadminDonations.loader),
    path: "/petadmin/donations",
    keys: ["month", "fund", "kind"],
    values: () => ["2026-11", "2026-13", "medical", "pet_fee", "monthly", "__proto__", "x"],
  },
  "petadmin/donations.csv.ts": {
    loader: handler(donationsCsv.loader),
    path: "/petadmin/donations.csv",
    keys: ["month", "fund", "kind"],
    values: () => ["2026-11", "medical", "one_time", "__proto__"],
  },
  "give/stripe-webhook.ts": {
    loader: handler(stripeWebhook.loader),
    path: "/webhooks/stripe",
    keys: [],
    values: () => [],
  },
  "adopt/favorite.tsx": { loader: handler(favorite.loader), path: "/favorite", keys: [], values: () => [] },
  "account/forgot-password.tsx": {
    loader: handler(forgotPassword.loader),
    path: "/forgot-password",
    keys: ["sent"],
    values: () => [],
  },
  "foster/index.tsx": {
    loader: handler(foster.loader),
    path: "/foster",
    keys: ["species"],
    values: () => ["all", "cat", "dog", "other", "__proto__", "constructor", "toString"],
  },
  "site/join.tsx": {
    loader: handler(join.loader),
    path: "/join",
    keys: ["token"],
    values: () => ["abc", "0".repeat(64)],
  },
  "match/route.tsx": {
    loader: handler(match.loader),
    path: "/match",
    keys: ["step", "edit", "failed", "sort", "sex", "species", "size", "age", "breed"],
    values: () => ["review", "questions", "a1", "a4", "p4", "zz", "Male", "Dog", "Small", "__proto__"],
  },
  "adopt/on-hold.tsx": { loader: handler(onHold.loader), path: "/on-hold", keys: [], values: () => [] },
  "petadmin/create.tsx": {
    loader: handler(petadminCreate.loader),
    path: "/petadmin/create",
    keys: ["created"],
    values: () => [...good.petIds, "1e3", "-1"],
  },
  "petadmin/edit/route.tsx": {
    loader: handler(petadminEdit.loader),
    path: "/petadmin/edit",
    keys: ["pet_id", "q", "tab", "done", "deleted", "status", "species", "page"],
    values: () => [
      ...good.petIds,
      "description",
      "edit",
      "saved",
      "held",
      "published",
      "Bis",
      "b",
      "%",
      "_",
      "\\",
      "x".repeat(60),
      "ü".repeat(60),
      "😀".repeat(60),
      "%".repeat(60),
      "draft",
      "on-hold",
      "adopted",
      "listed",
      "Cat",
      "other",
      "2",
      "1e9",
      "-1",
      "9007199254740993",
    ],
  },
  "petadmin/security.tsx": {
    loader: handler(petadminSecurity.loader),
    path: "/petadmin/security",
    keys: ["kind", "page"],
    values: () => ["sign-in", "member-removed", "2", "0", "-1", "1e9", "99999999999999999999", "__proto__", "toString"],
  },
  "petadmin/staff.tsx": {
    loader: handler(petadminStaff.loader),
    path: "/petadmin/staff",
    keys: ["invited"],
    values: () => ["new.hire@example.com"],
  },
  "petadmin/layout.tsx": { loader: handler(petadmin.loader), path: "/petadmin", keys: [], values: () => [] },
  "account/register.tsx": {
    loader: handler(register.loader),
    path: "/register",
    keys: ["redirectTo"],
    values: returnPaths,
  },
  "account/reset-password.tsx": {
    loader: handler(resetPassword.loader),
    path: "/reset-password",
    keys: ["token"],
    values: () => ["abc", "0".repeat(64)],
  },
  "account/sign-in-required.tsx": {
    loader: handler(signInRequired.loader),
    path: "/sign-in-required",
    keys: ["redirectTo"],
    values: () => [...returnPaths(), "javascript:alert(1)"],
  },
  "account/sign-in.tsx": {
    loader: handler(signIn.loader),
    path: "/sign-in",
    keys: ["redirectTo", "notice", "error"],
    values: () => ["reset", "google", "google-unavailable", "__proto__", "toString", ...returnPaths()],
  },
  "site/layout.tsx": { loader: handler(main.loader), path: "/", keys: [], values: () => [] },
  "account/user-profile.tsx": {
    loader: handler(userProfile.loader),
    path: "/user-profile",
    keys: [],
    values: () => [],
  },
  "account/verify-email.tsx": {
    loader: handler(verifyEmail.loader),
    path: "/verify-email",
    keys: ["token", "done", "redirectTo"],
    values: () => ["abc", ...returnPaths()],
  },
  "adopt/alerts-new-pets.tsx": {
    loader: handler(newPetAlerts.loader),
    path: "/alerts/new-pets",
    keys: [],
    values: () => [],
  },
  "account/google-callback.tsx": {
    loader: handler(googleCallback.loader),
    path: "/auth/google/callback",
    keys: ["code", "state", "error"],
    values: () => ["abc", "access_denied"],
  },
  "account/google.tsx": { loader: handler(google.loader), path: "/auth/google", keys: [], values: () => [] },
  "account/confirm-email.tsx": {
    loader: handler(confirmEmail.loader),
    path: "/confirm-email",
    keys: ["resent", "redirectTo"],
    values: returnPaths,
  },
  "site/dev-outbox.tsx": { loader: handler(outbox.loader), path: "/dev/outbox", keys: [], values: () => [] },
  "site/dev-test-data.ts": { loader: handler(testData.loader), path: "/dev/test-data", keys: [], values: () => [] },
  "adopt/favorites-toggle.tsx": {
    loader: handler(favoritesToggle.loader),
    path: "/favorites/toggle",
    keys: [],
    values: () => [],
  },
  "site/healthz.ts": { loader: handler(healthz.loader), path: "/healthz", keys: [], values: () => [] },
  "site/sw.js.ts": { loader: handler(serviceWorker.loader), path: "/sw.js", keys: [], values: () => [] },
  "account/logout.tsx": { loader: handler(logout.loader), path: "/logout", keys: [], values: () => [] },
  "site/language.tsx": {
    loader: handler(language.loader),
    path: "/language",
    keys: ["to", "path"],
    values: () => ["es", "en", "xx", "/adopt", "/es/sign-in?x=1", ...returnPaths()],
  },
  "photos/photo.ts": {
    loader: handler(photos.loader),
    path: "/photos/",
    keys: [],
    values: () => [],
    param: { name: "key", values: () => [...good.photoKeys, "missing-00000000000000000000000000000000.jpg"] },
  },
  "photos/share-image.ts": {
    loader: handler(shareImage.loader),
    path: "/photos/share/",
    keys: [],
    values: () => [],
    param: {
      name: "key",
      values: () => [...good.photoKeys, "missing-00000000000000000000000000000000.jpg", "x-400w.avif"],
    },
  },
  "petadmin/foster-note-photo.ts": {
    loader: handler(fosterNotePhotos.loader),
    path: "/petadmin/foster-note-photos/",
    keys: [],
    values: () => [],
    param: {
      name: "key",
      values: () => [
        ...good.photoKeys,
        "note_00000000000000000000000000000000-400w.jpg",
        "note_00000000000000000000000000000000.jpg",
        "x-400w.avif",
      ],
    },
  },
  "petadmin/story-photo.ts": {
    loader: handler(storyPhotos.loader),
    path: "/petadmin/story-photos/",
    keys: [],
    values: () => [],
    param: {
      name: "key",
      values: () => [
        ...good.photoKeys,
        "story_00000000000000000000000000000000-400w.jpg",
        "story_00000000000000000000000000000000.jpg",
        "x-400w.avif",
      ],
    },
  },
  "adopt/flyer.tsx": {
    loader: handler(flyer.loader),
    path: "/adopt/flyer",
    keys: ["pet_id"],
    values: () => [...good.petIds, "0", "-1", "1,2", "1e3", "99999999999999999999", "__proto__"],
  },
  "petadmin/flyers.tsx": {
    loader: handler(petadminFlyers.loader),
    path: "/petadmin/flyers",
    keys: ["q", "species"],
    values: () => ["fig", "Cat", "other", "all", "%", "_", "__proto__", "x".repeat(100)],
  },
  "adopt/feed.xml.ts": { loader: handler(feed.loader), path: "/adopt/feed.xml", keys: [], values: () => [] },
  "adopt/species-feed.xml.ts": {
    loader: handler(speciesFeed.loader),
    path: "/adopt/",
    keys: [],
    values: () => [],
    param: { name: "species", values: () => ["cat", "dog", "other", "Cat", "__proto__", "toString", "x"] },
  },
  "adopt/index.tsx": { loader: handler(adoptIndex.loader), path: "/adopt", keys: [], values: () => [] },
  "site/robots.txt.ts": { loader: handler(robots.loader), path: "/robots.txt", keys: [], values: () => [] },
  "site/sitemap.xml.ts": { loader: handler(sitemap.loader), path: "/sitemap.xml", keys: [], values: () => [] },
};

/**
 * Whether loader data is plain data the page can render and Remix can send: no functions and no
 * built-in prototypes (what `lookup[userInput]` returns for `toString` or `__proto__`).
 */
function impureValue(value: unknown, at = "data", seen = new Set<unknown>()): string | null {
  if (value === null || ["string", "number", "boolean", "undefined", "bigint"].includes(typeof value)) return null;
  if (typeof value === "function") return `${at} is a function`;
  if (value instanceof Date || value instanceof Headers) return null;
  if (seen.has(value)) return null;
  seen.add(value);
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null)
    return `${at} is not a plain object`;
  for (const [key, item] of Object.entries(value as object)) {
    const found = impureValue(item, `${at}.${key}`, seen);
    if (found) return found;
  }
  return null;
}

function routeFilesExporting(name: "action" | "loader") {
  return routeModulesMatching(
    new RegExp(`export\\s+(?:async\\s+)?(?:function\\s+${name}\\b|const\\s+${name}\\b|\\{[^}]*\\b${name}\\b[^}]*\\})`),
  );
}

describe("fuzz coverage", () => {
  it("fuzzes every route file that exports an action or a loader", () => {
    expect(Object.keys(actions).sort()).toEqual(routeFilesExporting("action"));
    expect(Object.keys(loaders).sort()).toEqual(routeFilesExporting("loader"));
  });
});

/** Runs one property with the run's seed; a failure names the seed to replay it. */
async function check<T>(arbitrary: fc.Arbitrary<T>, property: (value: T) => Promise<void>) {
  const result = await fc.check(fc.asyncProperty(arbitrary, property), { numRuns: runs, seed });
  if (result.failed) {
    const error = result.errorInstance as Error | undefined;
    throw new Error(
      `${error?.message ?? "property failed"}\ncounterexample: ${fc.stringify(result.counterexample).slice(0, 2000)}\n(${replay}, path ${result.counterexamplePath})`,
      { cause: error },
    );
  }
}

const fuzzTimeout = 300_000;
let lastSnapshot: string | undefined;

describe("actions never answer 500 and never write half", () => {
  for (const [file, target] of Object.entries(actions)) {
    it(`POST ${target.url} (${file})`, { timeout: fuzzTimeout }, async () => {
      const arbitrary = fc.record({
        role: fc.constantFrom(...roles),
        entries: formEntries(target.fields, target.values()),
        encoding: bodyEncoding,
        cookies: fc.option(cookieHeader, { nil: undefined, freq: 4 }),
      });
      await check(arbitrary, async ({ role, entries, encoding, cookies }) => {
        counted.actions += 1;
        const headers = new Headers();
        const cookie = [cookies, await sessionCookie(role, target.endsSessions)].filter(Boolean).join("; ");
        if (cookie) headers.set("Cookie", cookie);
        const request = formRequest(`http://localhost${target.url}`, entries, encoding, headers);
        // The state before this case is what the previous case left (nothing else writes meanwhile).
        const before = (lastSnapshot ??= await snapshot());
        const result = await respond(t, target.action, request, target.params);
        await t.settle();
        // Signing out everywhere else or a new password ends the kept sessions too: the next cases get new ones.
        if (target.endsSessions) sessions.clear();
        const where = `POST ${target.url} as ${role}`;
        expect(result.status, `${where} answered ${result.status}`).toBeLessThan(500);
        expect(impureValue(result.data), `${where}: action data`).toBeNull();
        expect(offSite(result, target.leadsTo?.()), `${where} leads off the site`).toBeNull();
        lastSnapshot = undefined;
        const after = await checkInvariants(where);
        if (result.status >= 400) expect(after, `${where} refused with ${result.status} but changed data`).toBe(before);
        lastSnapshot = after;
      });
    });
  }
});

describe("loaders never answer 500", () => {
  let before: string;
  beforeAll(async () => {
    before = await snapshot();
  });
  for (const [file, target] of Object.entries(loaders)) {
    it(
      `GET ${target.path}${target.param ? `:${target.param.name}` : ""} (${file})`,
      { timeout: fuzzTimeout },
      async () => {
        const arbitrary = fc.record({
          role: fc.constantFrom(...roles),
          query: queryString(target.keys.length > 0 ? target.keys : ["x"], target.values()),
          segment: target.param ? pathSegment(target.param.values()) : fc.constant(""),
          cookies: fc.option(cookieHeader, { nil: undefined, freq: 3 }),
          referer: fc.option(fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })), { nil: undefined }),
          ifNoneMatch: fc.option(fc.oneof(fc.constant("*"), fc.string({ maxLength: 40 })), { nil: undefined }),
        });
        await check(arbitrary, async ({ role, query, segment, cookies, referer, ifNoneMatch }) => {
          counted.loaders += 1;
          const headers = new Headers();
          const cookie = [cookies, await sessionCookie(role)].filter(Boolean).join("; ");
          if (cookie) headers.set("Cookie", cookie);
          if (referer !== undefined) headers.set("Referer", referer.replace(/[^\x20-\x7e]/g, "?"));
          if (ifNoneMatch !== undefined) headers.set("If-None-Match", ifNoneMatch.replace(/[^\x20-\x7e]/g, "?"));
          const url = `http://localhost${target.path}${target.param ? encodeURIComponent(segment.replace(/[\uD800-\uDFFF]/g, "?")) : ""}?${query}`;
          const params = { ...target.params, ...(target.param ? { [target.param.name]: segment } : {}) };
          const result = await respond(t, target.loader, new Request(url, { headers }), params);
          const where = `GET ${url.slice(0, 300)} as ${role}`;
          expect(result.status, `${where} answered ${result.status}`).toBeLessThan(500);
          expect(impureValue(result.data), `${where}: loader data`).toBeNull();
          expect(offSite(result), `${where} leads off the site`).toBeNull();
        });
      },
    );
  }

  it("changed no data (no state changes on GET)", async () => {
    expect(await snapshot()).toBe(before);
  });
});

describe("the fuzz run", () => {
  it("ran every case it was asked for", () => {
    // Runs last in this file: every property above ran its FUZZ_RUNS cases (a failing one stops early and fails itself).
    expect(counted.actions).toBe(Object.keys(actions).length * runs);
    expect(counted.loaders).toBe(Object.keys(loaders).length * runs);
  });
});
