import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";
import { genderValues } from "#app/lib/accounts/account-fields";
import { roles } from "#app/lib/accounts/permissions";
import { petSexes } from "#app/lib/pets/pet-fields";
import { applicationStatuses, type ApplicationStatus } from "#app/lib/applications/application-statuses";
import { securityEventKinds, type SecurityEventKind } from "#app/lib/accounts/security-event-kinds";
import { volunteerStatuses } from "#app/lib/volunteer/volunteer";
import { fosterStatuses } from "#app/lib/foster/foster";
import { reportKinds } from "#app/lib/lost-found/report";
import { intakeTypes, outcomeTypes } from "#app/lib/intake-outcome/categories";
import { giftDedications, giftFunds, giftKinds } from "#app/lib/giving/gift-kinds";
import { fixedStatuses } from "#app/lib/care/public-facts";
import { vaccineKeys } from "#app/lib/care/vaccinations";
import { feePaymentMethods, signingMethods } from "#app/lib/papers/paper-kinds";

export { applicationStatuses, securityEventKinds, type ApplicationStatus, type SecurityEventKind };

/** A text attachment of an email (a visit's .ics). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

/**
 * A pet of the shelter (spec §3). Breed, characteristics and images are JSON lists; images hold R2
 * keys in display order. A pet is hidden from public lists while it is a draft, on hold or newly adopted.
 */
export const pets = sqliteTable(
  "pets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    animalId: text("animal_id").notNull().unique(),
    name: text("name").notNull(),
    species: text("species").notNull(),
    breed: text("breed", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    ageMonths: integer("age").notNull().default(0),
    weightLbs: real("weight").notNull().default(0),
    /** "" while staff have not said (a draft); Publish needs it (lib/pets/pet-publishing.ts). */
    sex: text("sex", { enum: [...petSexes, ""] })
      .notNull()
      .default("Male"),
    /** "" while staff have not said (a draft); Publish needs it. */
    activeLevel: text("active_level").notNull().default("Very active"),
    adoptionFee: integer("adoption_fee").notNull().default(0),
    about: text("about").notNull().default(""),
    characteristics: text("characteristics", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    images: text("images", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    onHoldEmail: text("on_hold_email"),
    onHoldDate: integer("on_hold_date", { mode: "timestamp_ms" }),
    /** When the hold ends: the close of the next business day (decision 030); the scheduled run ends it. */
    onHoldUntil: integer("on_hold_until", { mode: "timestamp_ms" }),
    adoptedEmail: text("adopted_email"),
    adoptedDate: integer("adopted_date", { mode: "timestamp_ms" }),
    /**
     * When the pet last joined the public lists (created, or back from a hold or adoption): new-pet
     * alerts name pets listed since an adopter's last alert (decision 031). Null for pets listed before.
     */
    listedAt: integer("listed_at", { mode: "timestamp_ms" }).$defaultFn(() => new Date()),
    /** Goes up with every change; a change made from an older version is refused (two staff editing). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When staff deleted the pet: it is then hidden everywhere but Pet Admin's "Recently deleted",
     * restorable for 30 days, and removed for good (photos too) by the nightly run after (decision 042).
     */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * When staff published the pet; null while it is a draft, seen only by staff (decision 052). A
     * pet is saved as a draft and Publish refuses until what adopters need is there.
     */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    /**
     * The pet this one must go home with (a bonded pair), recorded by staff and kept symmetric: both
     * pets name each other. Cleared when either is deleted or adopted (decision 055); the match
     * reasons name it.
     */
    bondedWith: integer("bonded_with").references((): AnySQLiteColumn => pets.id, { onDelete: "set null" }),
    /**
     * When staff recorded that the pet left the shelter by an outcome other than adoption (returned to
     * owner, transferred out, …; decision 064): it is then hidden from every public list, feed and
     * partner file, and its page says it is no longer here. Kept beside its stay's outcome in the same
     * batch; null while the pet is in care or adopted.
     */
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("pets_deleted_idx")
      .on(table.deletedAt)
      .where(sql`deleted_at is not null`),
    // Public lists read only listed pets (neither on hold nor adopted), by species, newest first.
    index("pets_listed_species_created_idx")
      .on(table.species, table.createdAt)
      .where(sql`on_hold_email is null and adopted_email is null`),
    // The adopt list's count and breed list (decision 045, amended 2026-11-28, evening): every listed
    // condition but the foster placement, with the breeds, so neither reads the table.
    index("pets_public_species_idx")
      .on(table.species, table.createdAt, table.id, table.breed)
      .where(
        sql`on_hold_email is null and adopted_email is null and published_at is not null and deleted_at is null and left_at is null`,
      ),
    index("pets_listed_created_idx")
      .on(table.createdAt)
      .where(sql`on_hold_email is null and adopted_email is null`),
    index("pets_on_hold_email_idx").on(table.onHoldEmail),
    index("pets_adopted_email_idx").on(table.adoptedEmail),
    index("pets_on_hold_until_idx")
      .on(table.onHoldUntil)
      .where(sql`on_hold_email is not null`),
    index("pets_listed_at_idx").on(table.listedAt),
  ],
);

/**
 * One stay of an animal at the shelter (decision 064): how and when it came in (the intake) and, once
 * it left, how and when (the outcome), in Shelter Animals Count's categories. A pet may have several
 * stays: a returned adoption is a new stay. Days are the shelter's calendar days ("YYYY-MM-DD"), so a
 * month is the shelter's month. `intake_age_months` is the pet's age when it came in (SAC's age group).
 * At most one stay of a pet is open (no outcome): the partial unique index.
 */
export const petStays = sqliteTable(
  "pet_stays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null once the pet was removed for good: its stays stay counted (the figures are the shelter's history). */
    petId: integer("pet_id").references(() => pets.id, { onDelete: "set null" }),
    /** The pet's species when it came in: the figures keep it after the pet is removed. */
    species: text("species").notNull(),
    intakeType: text("intake_type", { enum: intakeTypes }).notNull(),
    intakeOn: text("intake_on").notNull(),
    intakeAgeMonths: integer("intake_age_months").notNull().default(0),
    intakeSource: text("intake_source").notNull().default(""),
    intakeNotes: text("intake_notes").notNull().default(""),
    outcomeType: text("outcome_type", { enum: outcomeTypes }),
    outcomeOn: text("outcome_on"),
    /** Who took the pet when it was transferred out. */
    outcomeDestination: text("outcome_destination").notNull().default(""),
    outcomeNotes: text("outcome_notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("pet_stays_pet_idx").on(table.petId, table.id),
    uniqueIndex("pet_stays_open_pet_idx")
      .on(table.petId)
      .where(sql`outcome_type is null`),
    // The figures (decision 064, amended 2026-11-28) count the stays of a period from these alone: each
    // covers the columns the statistics page reads, so ten years of stays are never read row by row.
    index("pet_stays_intake_idx").on(table.intakeOn, table.species, table.outcomeType, table.outcomeOn),
    index("pet_stays_outcome_idx").on(table.outcomeOn, table.intakeOn, table.species, table.outcomeType),
  ],
);
export type PetStay = typeof petStays.$inferSelect;

/**
 * Each download of a month's Shelter Animals Count report (decision 064): the SHA-256 of the CSV as it
 * was, so the report page can say the month was amended since a staff member downloaded it.
 */
export const reportDownloads = sqliteTable(
  "report_downloads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    month: text("month").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    csvHash: text("csv_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("report_downloads_month_idx").on(table.month, table.createdAt)],
);

/**
 * The figures' version (decision 064, amended 2026-11-28, later): one row, raised by triggers on every
 * insert, update and delete of `pet_stays` and `foster_placements` (hand-written in the migration
 * `figures_summaries`), whichever path writes them.
 */
export const figuresVersion = sqliteTable("figures_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * The listed pets' version (decision 045, amended 2026-11-28, evening): one row, set to a new random
 * number by triggers on every insert, update and delete of `pets` and `foster_placements` (hand-written
 * in the migration `pets_version`), whichever path writes them. An adopt list read at one version is
 * kept per isolate and reused only while the version is the same (models/pets.server.ts).
 */
export const petsVersion = sqliteTable("pets_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * A page's computed figures (the statistics page's, a month's report), as JSON, with the figures'
 * version and the day they were computed for: read while the version is the current one (and the day,
 * where the figures depend on it, today).
 */
export const figuresSummaries = sqliteTable("figures_summaries", {
  key: text("key").primaryKey(),
  day: text("day").notNull(),
  version: integer("version").notNull(),
  figures: text("figures").notNull(),
});

/** Messages sent through the Get In Touch form, kept for staff to answer. */
export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  /** When staff marked it answered; null while it waits in the inbox. */
  handledAt: integer("handled_at", { mode: "timestamp_ms" }),
  /** Business days staff have to answer it, when not the usual (an adopter asking for help: one). */
  replyBusinessDays: integer("reply_business_days"),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
});

/**
 * Addresses signed up for the newsletter; signing up twice keeps one row. Rows from before double
 * opt-in have no `confirmed_at` and are never sent to (decision 033). `unsubscribe_token` is the
 * random key of the unsubscribe link in every newsletter email.
 */
export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  unsubscribeToken: text("unsubscribe_token").unique(),
  createdAt: createdAt(),
});

/**
 * A person with an account (spec §3 User). Email is stored lower-case and unique. Users who only
 * ever signed in with Google have no password hash.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: text("date_of_birth"),
    gender: text("gender", { enum: genderValues }),
    passwordHash: text("password_hash"),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    googleSubject: text("google_subject").unique(),
    matchAnswers: text("match_answers", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    /** Set when the user asked for their matches; cleared when an answer changes (results are shown again). */
    matchedAt: integer("matched_at", { mode: "timestamp_ms" }),
    /** "Email me when new pets match" (decision 031). */
    newPetAlerts: integer("new_pet_alerts", { mode: "boolean" }).notNull().default(false),
    /** Pets listed after this were not yet considered for this user's alert. */
    alertsCheckedAt: integer("alerts_checked_at", { mode: "timestamp_ms" }),
    /** The last alert email: at most one a day. */
    alertSentAt: integer("alert_sent_at", { mode: "timestamp_ms" }),
    /** The language the person reads the site in ("en", "es"): their emails, scheduled ones too, are in it (decision 057). */
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("users_new_pet_alerts_idx")
      .on(table.id)
      .where(sql`new_pet_alerts = 1`),
  ],
);

/**
 * A signed-in browser. The cookie carries a random token; only its SHA-256 is stored, so a copy of
 * the database cannot be used to sign in. `persistent` is Remember Me.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    /** Last request seen, written at most every few minutes (decision 027); null on rows from before it was kept. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /** A readable browser and system ("Firefox on Windows"), from the User-Agent at sign-in: only the summary is kept. */
    device: text("device"),
    /** The network the browser signed in from, as a prefix (/24 or /48), never the full address. */
    network: text("network"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * Sessions given a new id (a changed password, a signed-in-again browser) in the last minutes: an
 * answer to a request the browser sent with the old cookie, coming after the new one's, leaves the
 * cookie alone instead of clearing it (server/viewer-key.ts). Rows older than the grace go with the next replacement.
 */
export const replacedSessions = sqliteTable("replaced_sessions", {
  idHash: text("id_hash").primaryKey(),
  replacedAt: integer("replaced_at", { mode: "timestamp_ms" }).notNull(),
});

/** Single-use links sent by email (confirm the address, reset the password); stored hashed. */
export const userTokens = sqliteTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm-email", "reset-password"] }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("user_tokens_user_idx").on(table.userId, table.purpose)],
);

/** A staff organisation (the shelter). Members of any organisation are staff (spec §3, §6). */
export const organisations = sqliteTable("organisations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    index("memberships_user_idx").on(table.userId),
  ],
);

/** An invitation to join an organisation, accepted by the person signed in with that email. */
export const invitations = sqliteTable(
  "invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("invitations_organisation_idx").on(table.organisationId, table.email)],
);

/** What staff changed on a pet, by whom and when: shown on the pet's description tab. */
export const petChanges = sqliteTable(
  "pet_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pet_changes_pet_idx").on(table.petId, table.createdAt)],
);

/**
 * A pet's care record (issue 45, decision 067): spay/neuter and microchip, one row per pet made at its
 * first care change. Its own version, so a care entry made on a phone never refuses the pet form open
 * elsewhere; each change is still a row in pet_changes. Calendar days are "YYYY-MM-DD" text.
 */
export const petCare = sqliteTable("pet_care", {
  petId: integer("pet_id")
    .primaryKey()
    .references(() => pets.id, { onDelete: "cascade" }),
  fixed: text("fixed", { enum: fixedStatuses }).notNull().default("unknown"),
  fixedOn: text("fixed_on"),
  /** For a pet adopted too young: when it is to be spayed or neutered (the adopter is reminded). */
  fixedDueOn: text("fixed_due_on"),
  chipNumber: text("chip_number"),
  chipImplantedOn: text("chip_implanted_on"),
  version: integer("version").notNull().default(0),
  updatedAt: updatedAt(),
});

/** The vaccinations a pet has had (issue 45); "other" names its disease in other_name. */
export const petVaccinations = sqliteTable(
  "pet_vaccinations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    disease: text("disease", { enum: vaccineKeys }).notNull(),
    otherName: text("other_name"),
    givenOn: text("given_on").notNull(),
    product: text("product"),
    lot: text("lot"),
    nextDueOn: text("next_due_on"),
    createdAt: createdAt(),
  },
  (table) => [index("pet_vaccinations_pet_idx").on(table.petId, table.givenOn)],
);

/** Weight entries over time, and medications and care notes (staff only, never public). */
export const petWeights = sqliteTable(
  "pet_weights",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    weighedOn: text("weighed_on").notNull(),
    weightLbs: real("weight_lbs").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pet_weights_pet_idx").on(table.petId, table.weighedOn)],
);

export const careNoteKinds = ["medication", "note"] as const;

export const petCareNotes = sqliteTable(
  "pet_care_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: careNoteKinds }).notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pet_care_notes_pet_idx").on(table.petId, table.createdAt)],
);

/**
 * The follow-ups after an adoption (issue 45, decision 067): one row per e-mail written (a check-in three
 * days, three weeks or three months after, a vaccine or spay/neuter reminder), made in the same batch as
 * its queued e-mail, so each is sent once however often the hourly run repeats. `item` names what a
 * reminder is about (the vaccination's id, or "" for the rest).
 */
export const careFollowUps = sqliteTable(
  "care_follow_ups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    item: text("item").notNull().default(""),
    dueOn: text("due_on").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("care_follow_ups_once_idx").on(table.petId, table.email, table.kind, table.item)],
);

/**
 * The adopters' one-tap answers to a follow-up (issue 45, decision 067): "well" (with an optional line,
 * which staff may approve as a Stories of Hope story on the home page), "help" and "return" (each an
 * inbox message, `message_id`), "registered" (the microchip, asked in the three-day check-in) and "done"
 * (a reminder's vaccination or spay/neuter: no more reminders of it). One of each per follow-up.
 */
export const careAnswers = sqliteTable(
  "care_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    followUpId: integer("follow_up_id")
      .notNull()
      .references(() => careFollowUps.id, { onDelete: "cascade" }),
    answer: text("answer", { enum: ["well", "help", "return", "registered", "done"] }).notNull(),
    text: text("text"),
    /**
     * The optional photo sent with "All is well": its R2 key (`story_<32 random>.jpg`, lib/photos). Served
     * publicly only while staff approve the story; staff see it before at /petadmin/story-photos/:key.
     */
    photo: text("photo"),
    messageId: integer("message_id").references(() => contactMessages.id, { onDelete: "set null" }),
    /** When staff approved the line as a story for the home page; null until then. */
    storyApprovedAt: integer("story_approved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("care_answers_once_idx").on(table.followUpId, table.answer),
    index("care_answers_message_idx").on(table.messageId),
    index("care_answers_story_idx").on(table.storyApprovedAt),
  ],
);

/** Adopters who stopped every follow-up with one click (the link in each). */
export const careFollowUpStops = sqliteTable("care_follow_up_stops", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/** A user's favorite pets; a deleted pet or user leaves no row behind. */
export const favorites = sqliteTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.petId] }), index("favorites_pet_idx").on(table.petId)],
);

/** Fixed-window counters for rate limits, shared by every Worker isolate. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * What happened to accounts and staff rights, append-only (decision 027): triggers in a hand-written
 * migration refuse every UPDATE and the DELETE of rows younger than the retention. No foreign keys, on
 * purpose: a cascade from a deleted user would have to change rows here.
 */
export const securityEvents = sqliteTable(
  "security_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: securityEventKinds }).notNull(),
    /** The account it happened to (null: an address that has no account). */
    userId: integer("user_id"),
    email: text("email"),
    /** The staff member who did it to someone else (role changes, removals, invitations). */
    actorUserId: integer("actor_user_id"),
    actorEmail: text("actor_email"),
    /** The organisation a staff action happened in. */
    organisationId: integer("organisation_id"),
    address: text("address").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (table) => [
    index("security_events_user_idx").on(table.userId, table.createdAt),
    index("security_events_organisation_idx").on(table.organisationId, table.createdAt),
    index("security_events_created_idx").on(table.createdAt),
  ],
);

/** Messages the local mail transport keeps instead of sending (development and tests). */
export const outboxMessages = sqliteTable("outbox_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  /** Extra mail headers (List-Unsubscribe on newsletter emails), null when none. */
  headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
  /** Attachments (a visit's .ics), listed by name on /dev/outbox; null when none. */
  attachments: text("attachments", { mode: "json" }).$type<EmailAttachment[]>(),
  createdAt: createdAt(),
});

/**
 * Emails written in the same D1 batch as the change they tell of (a hold ended, new matches), so
 * the change and its message happen together or not at all; the scheduled run hands them to the
 * mailer and marks them sent (decision 031).
 */
export const queuedEmails = sqliteTable(
  "queued_emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    /** Attachments (a visit's .ics) kept for the retry, as the first send would have carried them; null when none. */
    attachments: text("attachments", { mode: "json" }).$type<EmailAttachment[]>(),
  },
  (table) => [
    index("queued_emails_unsent_idx")
      .on(table.id)
      .where(sql`sent_at is null`),
  ],
);

/**
 * R2 photo keys no pet refers to, noticed by housekeeping: removed once the grace period has passed
 * (a photo uploaded for a pet form not yet saved is unreferenced for a while), or at once when a pet
 * delete left them behind (decision 031).
 */
export const unreferencedPhotos = sqliteTable("unreferenced_photos", {
  key: text("key").primaryKey(),
  reason: text("reason", { enum: ["pet-deleted", "unreferenced"] }).notNull(),
  noticedAt: integer("noticed_at", { mode: "timestamp_ms" }).notNull(),
});

export type Pet = typeof pets.$inferSelect;
export type NewPet = typeof pets.$inferInsert;
export type User = typeof users.$inferSelect;
export type Role = (typeof memberships.$inferSelect)["role"];

/**
 * An adoption application (decision 032). `answers` holds the form's fields as typed; a draft is an
 * application the adopter has not sent yet. One application per adopter and pet may be active
 * (draft, submitted, in review, approved, or hold ended) at a time: the partial unique index decides.
 * "approved" and the pet's hold are one state: when the hold ends by any way but adoption, the
 * application becomes "hold_ended" in the same write (decision 032, amended; decision 040).
 */

export const adoptionApplications = sqliteTable(
  "adoption_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: applicationStatuses }).notNull(),
    answers: text("answers", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    /** Why staff declined it; the adopter reads it. */
    declineReason: text("decline_reason"),
    /** Goes up with every change; a change made from an older version is refused (two staff, decision 014). */
    version: integer("version").notNull().default(1),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("applications_one_active_idx")
      .on(table.userId, table.petId)
      .where(sql`status in ('draft', 'submitted', 'in_review', 'approved', 'hold_ended')`),
    index("applications_status_idx").on(table.status, table.submittedAt),
    index("applications_pet_idx").on(table.petId),
  ],
);

/** Each status an application went through, when and by whom: the dated history the adopter reads. */
export const applicationEvents = sqliteTable(
  "application_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => adoptionApplications.id, { onDelete: "cascade" }),
    status: text("status", { enum: applicationStatuses }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("application_events_application_idx").on(table.applicationId, table.createdAt)],
);

/**
 * Adoption papers (decision 070): the contract and the fee of one adoption. Staff send them on an
 * approved application (or record a walk-in's paper contract from the pet's page: no application).
 * They stay open while the application is approved and the pet held for its applicant; `closedAt`
 * marks papers staff closed. The signed contract is a PDF in the PAPERS bucket (never re-rendered):
 * its SHA-256 is kept here with what the signing recorded (kept as long as the contract).
 */
export const adoptionPapers = sqliteTable(
  "adoption_papers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Random, printed on the contract's last page. */
    documentId: text("document_id").notNull(),
    applicationId: integer("application_id").references(() => adoptionApplications.id, { onDelete: "set null" }),
    petId: integer("pet_id").references(() => pets.id, { onDelete: "set null" }),
    /** The fee due when sent: the pet's fee less what sponsors paid; 0 when waived. */
    feeCents: integer("fee_cents").notNull(),
    feeWaivedReason: text("fee_waived_reason"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    sentBy: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    // The signature.
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    signingMethod: text("signing_method", { enum: signingMethods }),
    signedName: text("signed_name"),
    /** SHA-256 (hex) of the contract text signed (electronic). */
    signedTextSha256: text("signed_text_sha256"),
    /** The stored file (PDF, or the paper contract's scan) in PAPERS, its type and SHA-256 (hex). */
    fileKey: text("file_key"),
    fileType: text("file_type"),
    fileSha256: text("file_sha256"),
    consentVersion: text("consent_version"),
    signerEmail: text("signer_email"),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    /** Staff who recorded a paper signature. */
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    // The fee (null while unpaid; a $0 fee needs none).
    feePaidAt: integer("fee_paid_at", { mode: "timestamp_ms" }),
    feePaidMethod: text("fee_paid_method", { enum: feePaymentMethods }),
    feePaidCents: integer("fee_paid_cents"),
    feeReceiptNumber: text("fee_receipt_number"),
    feeRecordedBy: integer("fee_recorded_by").references(() => users.id, { onDelete: "set null" }),
    /** The provider's Checkout Session and PaymentIntent of an online payment; the gift line's cents. */
    checkoutSessionId: text("checkout_session_id"),
    paymentIntentId: text("payment_intent_id"),
    giftCents: integer("gift_cents"),
    /**
     * The provider refunded the online payment (its webhook's charge.refunded): when, and how much. While
     * the refund is newer than the payment the fee counts as unpaid: "Mark adopted" waits for it to be
     * paid again (at the desk), which sets a newer `feePaidAt` and keeps these as the record.
     */
    feeRefundedAt: integer("fee_refunded_at", { mode: "timestamp_ms" }),
    feeRefundedCents: integer("fee_refunded_cents"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("adoption_papers_document_idx").on(table.documentId),
    uniqueIndex("adoption_papers_application_idx").on(table.applicationId),
    uniqueIndex("adoption_papers_session_idx").on(table.checkoutSessionId),
    index("adoption_papers_pet_idx").on(table.petId),
  ],
);

/** Staff's internal notes on an inbox item (an application or a contact message); never shown to the public. */
export const inboxNotes = sqliteTable(
  "inbox_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["application", "message", "volunteer", "foster"] }).notNull(),
    itemId: integer("item_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
    /**
     * The item the note is on, as a foreign key, so the note goes with it (issue 22). A trigger sets
     * these from `kind` and `itemId` on every insert (migration 0011); nothing writes them itself.
     */
    applicationId: integer("application_id").references(() => adoptionApplications.id, { onDelete: "cascade" }),
    messageId: integer("message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    /** Volunteer and foster applications take notes too (decision 053; the trigger sets these, migration 0018). */
    volunteerApplicationId: integer("volunteer_application_id").references(
      (): AnySQLiteColumn => volunteerApplications.id,
      { onDelete: "cascade" },
    ),
    fosterApplicationId: integer("foster_application_id").references((): AnySQLiteColumn => fosterApplications.id, {
      onDelete: "cascade",
    }),
  },
  (table) => [
    index("inbox_notes_item_idx").on(table.kind, table.itemId, table.createdAt),
    index("inbox_notes_application_idx").on(table.applicationId),
    index("inbox_notes_message_idx").on(table.messageId),
    index("inbox_notes_volunteer_idx").on(table.volunteerApplicationId),
    index("inbox_notes_foster_idx").on(table.fosterApplicationId),
  ],
);

/** Newsletter sign-ups waiting for their confirmation link (decision 033); the token is stored hashed. */
export const newsletterPending = sqliteTable("newsletter_pending", {
  tokenHash: text("token_hash").primaryKey(),
  email: text("email").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  createdAt: createdAt(),
});

/**
 * Which tags each page in the local edge cache carries, where purges cannot go through Cloudflare's
 * API (no zone: `npm start`, tests): a purge by tag deletes these keys from the cache (decision 034).
 * Rows older than a cached page's lifetime name nothing still cached and are swept by housekeeping.
 */
export const cachedPageTags = sqliteTable(
  "cached_page_tags",
  {
    tag: text("tag").notNull(),
    key: text("key").notNull(),
    storedAt: integer("stored_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tag, table.key] }), index("cached_page_tags_key_idx").on(table.key)],
);

/**
 * The last purge of each page tag where the Worker keeps the index itself (no zone, decision 034): a page
 * rendered before its tags' last purge is not stored after it, since it may show what the purge removed.
 */
export const pagePurges = sqliteTable("page_purges", {
  tag: text("tag").primaryKey(),
  purgedAt: integer("purged_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Each nightly upload of the listed pets to a partner site (Petfinder, Adopt-a-Pet; decision 043):
 * when, how many pets the file held, whether it arrived, the error if not, and the breeds that had no
 * match in the partner's list (sent as its nearest). Pet Admin shows the last of each partner.
 */
export const syndicationRuns = sqliteTable(
  "syndication_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partner: text("partner").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }).notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    petCount: integer("pet_count").notNull(),
    error: text("error"),
    unknownBreeds: text("unknown_breeds", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
  },
  (table) => [index("syndication_runs_partner_idx").on(table.partner, table.finishedAt)],
);

/**
 * A meet-and-greet visit booked by the adopter of an approved application (decision 048): one booked
 * visit per application at most; slot times in UTC. "met" and "no_show" are set by staff afterwards.
 */
export const visitStatuses = ["booked", "cancelled", "met", "no_show"] as const;
export type VisitStatus = (typeof visitStatuses)[number];

export const visits = sqliteTable(
  "visits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => adoptionApplications.id, { onDelete: "cascade" }),
    slotStart: integer("slot_start", { mode: "timestamp_ms" }).notNull(),
    slotEnd: integer("slot_end", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: visitStatuses }).notNull().default("booked"),
    /** When the morning reminder was queued (the scheduled run sends it once). */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("visits_one_booked_idx")
      .on(table.applicationId)
      .where(sql`status = 'booked'`),
    index("visits_slot_idx").on(table.slotStart, table.status),
  ],
);

/** The staff's visit settings: one row (id 1); without it the capacity is the config's default. */
export const visitSettings = sqliteTable("visit_settings", {
  id: integer("id").primaryKey(),
  capacity: integer("capacity").notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * A volunteer application from the Volunteer page (decision 053). A stranger's form: the row counts only
 * once its address is confirmed by the emailed link (status "unconfirmed" until then, swept after
 * `confirm_expires_at`); the link's token is stored hashed. Answers as JSON text.
 */
export const volunteerApplications = sqliteTable(
  "volunteer_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    role: text("role").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    availability: text("availability", { mode: "json" }).$type<string[]>().notNull(),
    interests: text("interests", { mode: "json" }).$type<string[]>().notNull(),
    experience: text("experience").notNull().default(""),
    age: text("age").notNull(),
    guardianName: text("guardian_name"),
    note: text("note").notNull().default(""),
    status: text("status", { enum: volunteerStatuses }).notNull().default("unconfirmed"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    statusChangedAt: integer("status_changed_at", { mode: "timestamp_ms" }),
    version: integer("version").notNull().default(1),
    /** The language of the page it was sent from ("en", "es"): staff's later emails are written in it (decision 057). */
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
  },
  (table) => [
    index("volunteer_applications_status_idx").on(table.status, table.confirmedAt),
    index("volunteer_applications_email_idx").on(table.email),
  ],
);

/**
 * A person's foster application and, once approved, their foster record (decision 053): one per
 * account. `pet_id` is the pet they first asked to foster, if any. Answers as JSON text (the
 * questions are in app/lib/foster/foster.ts).
 */
export const fosterApplications = sqliteTable(
  "foster_applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    petId: integer("pet_id").references(() => pets.id, { onDelete: "set null" }),
    status: text("status", { enum: fosterStatuses }).notNull().default("draft"),
    answers: text("answers", { mode: "json" }).$type<Record<string, string>>().notNull(),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    statusChangedAt: integer("status_changed_at", { mode: "timestamp_ms" }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("foster_applications_status_idx").on(table.status, table.submittedAt)],
);

/**
 * A pet placed with a foster (decision 053): from `started_at` until staff end it (`ended_at`). At
 * most one open placement a pet (the partial unique index). `listed` is the staff's choice: the pet
 * stays on the public lists as "In a foster home", or leaves them while it is placed. A foster with
 * an open placement is "active". Rows are the pet's foster history, kept as long as the pet and the
 * foster's record.
 */
export const fosterPlacements = sqliteTable(
  "foster_placements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    petId: integer("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    fosterId: integer("foster_id")
      .notNull()
      .references(() => fosterApplications.id, { onDelete: "cascade" }),
    listed: integer("listed", { mode: "boolean" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("foster_placements_open_pet_idx")
      .on(table.petId)
      .where(sql`ended_at is null`),
    index("foster_placements_foster_idx").on(table.fosterId, table.endedAt),
  ],
);

export const fosterNoteStatuses = ["pending", "approved", "rejected"] as const;

/**
 * What a foster tells adopters about the pet at home (decision 053): a short text and photos (stored
 * as staff photos are: resized copies, no metadata). Shown on the pet's public page only once staff
 * approve it ("From the foster home"); a rejected note loses its photos.
 */
export const fosterNotes = sqliteTable(
  "foster_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placementId: integer("placement_id")
      .notNull()
      .references(() => fosterPlacements.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    images: text("images", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    status: text("status", { enum: fosterNoteStatuses }).notNull().default("pending"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("foster_notes_placement_idx").on(table.placementId),
    index("foster_notes_status_idx").on(table.status, table.createdAt),
  ],
);

/**
 * A neighbour's report of a lost or found pet (issue 46, decision 066). Shown on /lost-found only once
 * its address is confirmed (`confirmed_at`), while `open_until` is ahead and it is neither closed (by
 * the reporter, "together again") nor hidden by staff. Where is a place of the county's list
 * (app/config/lost-found-places.ts) and optional cross streets, never an address. The reporter's name,
 * email and phone are never shown; only the site writes to them.
 */
export const lostFoundReports = sqliteTable(
  "lost_found_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: reportKinds }).notNull(),
    species: text("species").notNull(),
    sex: text("sex").notNull(),
    size: text("size").notNull(),
    colours: text("colours", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    otherColours: text("other_colours").notNull().default(""),
    description: text("description").notNull(),
    /** The calendar day it was lost or found, as the reporter gave it ("2026-11-20"). */
    date: text("date").notNull(),
    place: text("place").notNull(),
    crossStreets: text("cross_streets").notNull().default(""),
    /** The microchip number, digits and letters only (an owner's records, or a finder's vet read it); null when not known. */
    microchip: text("microchip"),
    images: text("images", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    reporterName: text("reporter_name").notNull(),
    reporterEmail: text("reporter_email").notNull(),
    reporterPhone: text("reporter_phone").notNull().default(""),
    /** The language of the page it was sent from: the reporter's emails are written in it. */
    language: text("language").notNull().default("en"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    openUntil: integer("open_until", { mode: "timestamp_ms" }),
    reminderSentAt: integer("reminder_sent_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: integer("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("lost_found_reports_board_idx")
      .on(table.openUntil)
      .where(sql`confirmed_at is not null and closed_at is null and hidden_at is null`),
    index("lost_found_reports_email_idx").on(table.reporterEmail),
  ],
);

/**
 * A likely match found when a report was confirmed (decision 066): with another report of the other
 * kind, or with an animal in the shelter's care. The score and its reasons are kept as they were
 * when found (they say why the reporter was told).
 */
export const lostFoundMatches = sqliteTable(
  "lost_found_matches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reportId: integer("report_id")
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: "cascade" }),
    otherReportId: integer("other_report_id").references(() => lostFoundReports.id, { onDelete: "cascade" }),
    petId: integer("pet_id").references(() => pets.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    certain: integer("certain", { mode: "boolean" }).notNull().default(false),
    reasons: text("reasons", { mode: "json" })
      .$type<{ colours: string[]; miles: number; days: number; sameSex: boolean; sameSize: boolean }>()
      .notNull(),
    /**
     * A match with an animal in care whose lost report's owner said "together again": staff said it was
     * not this animal, so no return is asked of them for it (issue 46).
     */
    returnDismissedAt: integer("return_dismissed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("lost_found_matches_report_idx").on(table.reportId),
    index("lost_found_matches_other_idx").on(table.otherReportId),
    index("lost_found_matches_pet_idx").on(table.petId),
  ],
);

/**
 * A conversation a visitor starts from a report's page ("Send a message", issue 46, decision 066):
 * the site relays each message by email, so neither side's address is shown to the other until one
 * of them ticks "give my address". Nothing is relayed until the visitor confirms their own address by
 * the emailed link (`confirmed_at`); an unconfirmed one is deleted after its link's 7 days, and every
 * conversation goes with its report.
 */
export const lostFoundThreads = sqliteTable(
  "lost_found_threads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reportId: integer("report_id")
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: "cascade" }),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    /** The language of the page the visitor wrote from: their relayed emails are written in it. */
    language: text("language").notNull().default("en"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("lost_found_threads_report_idx").on(table.reportId),
    index("lost_found_threads_email_idx").on(table.senderEmail),
  ],
);

/** One relayed message of a conversation: the visitor's (`from_reporter` false) or the reporter's answer. */
export const lostFoundMessages = sqliteTable(
  "lost_found_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    threadId: integer("thread_id")
      .notNull()
      .references(() => lostFoundThreads.id, { onDelete: "cascade" }),
    fromReporter: integer("from_reporter", { mode: "boolean" }).notNull().default(false),
    body: text("body").notNull(),
    /** The writer chose to give the other side their address (it is in this message's email). */
    sharesAddress: integer("shares_address", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("lost_found_messages_thread_idx").on(table.threadId)],
);

/**
 * A gift made through the payment provider (decision 065): written only by the provider's signed
 * webhook, from the provider's session (amount, currency) and the metadata our form gave it (donor,
 * fund, dedication, pet, language). A monthly gift is one row; each month it is paid is a `giftPayments` row.
 */
export const gifts = sqliteTable(
  "gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The provider's Checkout Session (cs_…): one gift per session. */
    checkoutSessionId: text("checkout_session_id").notNull(),
    kind: text("kind", { enum: giftKinds }).notNull(),
    /** Cents, as the provider charged them (a monthly gift: each month's amount). */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    fund: text("fund", { enum: giftFunds }).notNull(),
    petId: integer("pet_id").references(() => pets.id, { onDelete: "set null" }),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    /** The donor's language: receipts are written in it. */
    language: text("language").notNull().default("en"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    dedication: text("dedication", { enum: giftDedications }),
    dedicationName: text("dedication_name"),
    dedicationEmail: text("dedication_email"),
    /** The provider's subscription (sub_…) of a monthly gift. */
    subscriptionId: text("subscription_id"),
    /** When a monthly gift ended (the provider's customer.subscription.deleted). */
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("gifts_session_idx").on(table.checkoutSessionId),
    index("gifts_subscription_idx").on(table.subscriptionId),
    index("gifts_created_idx").on(table.createdAt),
    index("gifts_pet_idx").on(table.petId),
    index("gifts_user_idx").on(table.userId),
  ],
);

/** Each payment of a gift: the first, and every month of a monthly gift (the provider's invoice.paid). */
export const giftPayments = sqliteTable(
  "gift_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    giftId: integer("gift_id")
      .notNull()
      .references(() => gifts.id, { onDelete: "cascade" }),
    /** The provider's PaymentIntent (pi_…): what a refund names and charge.refunded reports. */
    paymentIntentId: text("payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }).notNull(),
    /** Staff asked the provider for a refund (who, why, when); it counts as refunded only once its webhook came. */
    refundRequestedAt: integer("refund_requested_at", { mode: "timestamp_ms" }),
    refundRequestedBy: integer("refund_requested_by").references(() => users.id, { onDelete: "set null" }),
    refundReason: text("refund_reason"),
    refundedAt: integer("refunded_at", { mode: "timestamp_ms" }),
    refundedCents: integer("refunded_cents"),
  },
  (table) => [
    index("gift_payments_gift_idx").on(table.giftId),
    uniqueIndex("gift_payments_intent_idx").on(table.paymentIntentId),
    index("gift_payments_paid_idx").on(table.paidAt),
  ],
);

/** Every provider event already handled (its id), written in the same batch as its effect: a replay changes nothing. */
export const providerEvents = sqliteTable("provider_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});
