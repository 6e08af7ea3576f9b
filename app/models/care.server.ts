import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import {
  careAnswers,
  careFollowUps,
  contactMessages,
  careFollowUpStops,
  petCare,
  petCareNotes,
  petChanges,
  pets,
  petVaccinations,
  petWeights,
  queuedEmails,
  users,
} from "#app/db/schema";
import type { Email } from "#app/lib/email/emails";
import type { FixedStatus } from "#app/lib/care/public-facts";
import type { VaccineKey } from "#app/lib/care/vaccinations";
import type { CareAnswer } from "#app/lib/care/answers";
import { reminderOf } from "#app/lib/care/follow-ups";

/** A pet's care record (issue 45, decision 067): the only SQL of it. */

export type CareChangeOutcome = "changed" | "conflict" | "missing";

export interface CareFields {
  fixed: FixedStatus;
  fixedOn: string | null;
  fixedDueOn: string | null;
  chipNumber: string | null;
  chipImplantedOn: string | null;
}

export interface NewVaccination {
  disease: VaccineKey;
  otherName: string | null;
  givenOn: string;
  product: string | null;
  lot: string | null;
  nextDueOn: string | null;
}

const noCare: CareFields & { version: number } = {
  fixed: "unknown",
  fixedOn: null,
  fixedDueOn: null,
  chipNumber: null,
  chipImplantedOn: null,
  version: 0,
};

/** Everything staff see of a pet's care, newest entries first; version 0 before its first change. */
export async function careRecordOf(db: Database, petId: number) {
  const [care, vaccinations, weights, notes] = await db.batch([
    db
      .select({
        fixed: petCare.fixed,
        fixedOn: petCare.fixedOn,
        fixedDueOn: petCare.fixedDueOn,
        chipNumber: petCare.chipNumber,
        chipImplantedOn: petCare.chipImplantedOn,
        version: petCare.version,
      })
      .from(petCare)
      .where(eq(petCare.petId, petId)),
    db
      .select({
        id: petVaccinations.id,
        disease: petVaccinations.disease,
        otherName: petVaccinations.otherName,
        givenOn: petVaccinations.givenOn,
        product: petVaccinations.product,
        lot: petVaccinations.lot,
        nextDueOn: petVaccinations.nextDueOn,
      })
      .from(petVaccinations)
      .where(eq(petVaccinations.petId, petId))
      .orderBy(desc(petVaccinations.givenOn), desc(petVaccinations.id)),
    db
      .select({ id: petWeights.id, weighedOn: petWeights.weighedOn, weightLbs: petWeights.weightLbs })
      .from(petWeights)
      .where(eq(petWeights.petId, petId))
      .orderBy(desc(petWeights.weighedOn), desc(petWeights.id)),
    db
      .select({
        id: petCareNotes.id,
        kind: petCareNotes.kind,
        text: petCareNotes.text,
        createdAt: petCareNotes.createdAt,
      })
      .from(petCareNotes)
      .where(eq(petCareNotes.petId, petId))
      .orderBy(desc(petCareNotes.createdAt), desc(petCareNotes.id)),
  ]);
  return { care: care[0] ?? noCare, vaccinations, weights, notes };
}

/**
 * What the public page and the adopter's summary may read: spay/neuter, whether a chip is on record,
 * and the vaccinations' diseases and dates. The chip number only when `withChipNumber` (the adopter's
 * own e-mail); product, lot and notes never.
 */
export async function careSummaryOf(
  db: Database,
  petId: number,
  { withChipNumber = false }: { withChipNumber?: boolean } = {},
) {
  const [care, vaccinations] = await db.batch([
    db
      .select({
        fixed: petCare.fixed,
        fixedOn: petCare.fixedOn,
        fixedDueOn: petCare.fixedDueOn,
        chipped: sql<number>`${petCare.chipNumber} is not null`,
        chipNumber: withChipNumber ? petCare.chipNumber : sql<null>`null`,
      })
      .from(petCare)
      .where(eq(petCare.petId, petId)),
    db
      .select({
        disease: petVaccinations.disease,
        otherName: petVaccinations.otherName,
        givenOn: petVaccinations.givenOn,
        nextDueOn: petVaccinations.nextDueOn,
      })
      .from(petVaccinations)
      .where(eq(petVaccinations.petId, petId))
      .orderBy(asc(petVaccinations.givenOn), asc(petVaccinations.id)),
  ]);
  const row = care[0];
  return {
    fixed: row?.fixed ?? ("unknown" as FixedStatus),
    fixedOn: row?.fixedOn ?? null,
    fixedDueOn: row?.fixedDueOn ?? null,
    microchipped: Boolean(row?.chipped),
    chipNumber: row?.chipNumber ?? null,
    vaccinations,
  };
}

/**
 * One care change at the care record's `version` (0 before the first), in one batch: the record goes up
 * a version, a history row says what changed and by whom, and the entry (`add`) is written, each only
 * if the statement before it changed a row, so a change made from an older version changes nothing.
 */
async function changeCare(
  db: Database,
  change: {
    petId: number;
    version: number;
    userId: number;
    summary: string;
    set?: Partial<CareFields>;
    add?: (db: Database) => BatchItem<"sqlite">;
  },
): Promise<CareChangeOutcome> {
  const { petId, version, userId, summary, set = {}, add } = change;
  const petLive: SQL = sql`exists (select 1 from ${pets} where ${pets.id} = ${petId} and ${pets.deletedAt} is null)`;
  const [, updated] = await db.batch([
    db.insert(petCare).values({ petId }).onConflictDoNothing(),
    db
      .update(petCare)
      .set({ ...set, version: sql`${petCare.version} + 1` })
      .where(and(eq(petCare.petId, petId), eq(petCare.version, version), petLive))
      .returning({ petId: petCare.petId }),
    db
      .insert(petChanges)
      .select(
        sql`select null as id, ${petId} as pet_id, ${userId} as user_id, ${summary} as summary, ${Date.now()} as created_at where changes() > 0`,
      ),
    ...(add ? [add(db)] : []),
  ]);
  if (updated.length > 0) return "changed";
  const live = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), isNull(pets.deletedAt)));
  return live.length > 0 ? "conflict" : "missing";
}

type Change = { petId: number; version: number; userId: number; summary: string };

export function addVaccination(db: Database, change: Change, vaccination: NewVaccination) {
  const { disease, otherName, givenOn, product, lot, nextDueOn } = vaccination;
  return changeCare(db, {
    ...change,
    add: (db) =>
      db
        .insert(petVaccinations)
        .select(
          sql`select null as id, ${change.petId} as pet_id, ${disease} as disease, ${otherName} as other_name, ${givenOn} as given_on, ${product} as product, ${lot} as lot, ${nextDueOn} as next_due_on, ${Date.now()} as created_at where changes() > 0`,
        ),
  });
}

export function addWeight(db: Database, change: Change, weight: { weighedOn: string; weightLbs: number }) {
  return changeCare(db, {
    ...change,
    add: (db) =>
      db
        .insert(petWeights)
        .select(
          sql`select null as id, ${change.petId} as pet_id, ${weight.weighedOn} as weighed_on, ${weight.weightLbs} as weight_lbs, ${Date.now()} as created_at where changes() > 0`,
        ),
  });
}

export function addCareNote(db: Database, change: Change, note: { kind: "medication" | "note"; text: string }) {
  return changeCare(db, {
    ...change,
    add: (db) =>
      db
        .insert(petCareNotes)
        .select(
          sql`select null as id, ${change.petId} as pet_id, ${note.kind} as kind, ${note.text} as text, ${Date.now()} as created_at where changes() > 0`,
        ),
  });
}

export function setFixed(db: Database, change: Change, fixed: Pick<CareFields, "fixed" | "fixedOn" | "fixedDueOn">) {
  return changeCare(db, { ...change, set: fixed });
}

export function setChip(db: Database, change: Change, chip: Pick<CareFields, "chipNumber" | "chipImplantedOn">) {
  return changeCare(db, { ...change, set: chip });
}

/** IN lists stay under D1's 100 bound parameters. */
const chunkSize = 90;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / chunkSize) }, (_, index) =>
    items.slice(index * chunkSize, (index + 1) * chunkSize),
  );

/**
 * The pets adopted since `since` whose adopter may get follow-ups (issue 45): not deleted, adopted by
 * the confirmed address of an account (decision 041: nothing goes to an unproven address; its language
 * is the account's), who has not stopped them. With each pet's care, vaccinations and the follow-ups
 * already written.
 */
export async function adoptionsToFollowUp(db: Database, since: Date) {
  const adoptions = await db
    .select({
      petId: pets.id,
      name: pets.name,
      email: users.email,
      language: users.language,
      adoptedDate: pets.adoptedDate,
      fixed: petCare.fixed,
      fixedDueOn: petCare.fixedDueOn,
      chipNumber: petCare.chipNumber,
    })
    .from(pets)
    .innerJoin(users, and(eq(users.email, sql`lower(${pets.adoptedEmail})`), isNotNull(users.emailConfirmedAt)))
    .leftJoin(petCare, eq(petCare.petId, pets.id))
    .where(
      and(
        isNotNull(pets.adoptedEmail),
        gte(pets.adoptedDate, since),
        isNull(pets.deletedAt),
        notExists(
          db
            .select({ email: careFollowUpStops.email })
            .from(careFollowUpStops)
            .where(eq(careFollowUpStops.email, users.email)),
        ),
      ),
    );
  const ids = adoptions.map((adoption) => adoption.petId);
  const vaccinations: {
    id: number;
    petId: number;
    disease: VaccineKey;
    otherName: string | null;
    givenOn: string;
    nextDueOn: string | null;
  }[] = [];
  const written: { petId: number; email: string; kind: string; item: string; done: number }[] = [];
  for (const chunk of chunks(ids)) {
    vaccinations.push(
      ...(await db
        .select({
          id: petVaccinations.id,
          petId: petVaccinations.petId,
          disease: petVaccinations.disease,
          otherName: petVaccinations.otherName,
          givenOn: petVaccinations.givenOn,
          nextDueOn: petVaccinations.nextDueOn,
        })
        .from(petVaccinations)
        .where(inArray(petVaccinations.petId, chunk))),
    );
    written.push(
      ...(await db
        .select({
          petId: careFollowUps.petId,
          email: careFollowUps.email,
          kind: careFollowUps.kind,
          item: careFollowUps.item,
          // Qualified by hand: drizzle writes a one-table query's columns without their table.
          done: sql<number>`exists (select 1 from "care_answers" where "care_answers"."follow_up_id" = "care_follow_ups"."id" and "care_answers"."answer" = 'done')`,
        })
        .from(careFollowUps)
        .where(inArray(careFollowUps.petId, chunk))),
    );
  }
  return adoptions.map((adoption) => ({
    ...adoption,
    adoptedDate: adoption.adoptedDate ?? new Date(0),
    fixed: adoption.fixed ?? "unknown",
    vaccinations: vaccinations.filter((vaccination) => vaccination.petId === adoption.petId),
    written: new Set(
      written
        .filter((row) => row.petId === adoption.petId && row.email === adoption.email)
        .map((row) => `${row.kind}:${row.item}`),
    ),
    /** The reminders answered "done": none of them again (issue 45). */
    done: new Set(
      written
        .filter((row) => row.petId === adoption.petId && row.email === adoption.email && Boolean(row.done))
        .map((row) => `${reminderOf(row.kind)}:${row.item}`),
    ),
  }));
}

/**
 * Records a follow-up and queues its e-mail in one batch: the queued e-mail is written only if the
 * follow-up was not yet (its unique index), so a repeated or half-failed run sends it once; the
 * scheduled run's delivery step sends it (decision 031).
 */
export async function queueFollowUp(
  db: Database,
  followUp: { petId: number; email: string; kind: string; item: string; dueOn: string },
  email: Email,
): Promise<boolean> {
  const [recorded] = await db.batch([
    db.insert(careFollowUps).values(followUp).onConflictDoNothing().returning({ id: careFollowUps.id }),
    db
      .insert(queuedEmails)
      .select(
        sql`select null as id, ${email.to} as "to", ${email.subject} as subject, ${email.text} as text, ${email.headers ? JSON.stringify(email.headers) : null} as headers, 0 as attempts, null as sent_at, ${Date.now()} as created_at, null as attachments where changes() > 0`,
      ),
  ]);
  return recorded.length > 0;
}

/** Stops every follow-up to `email` (the one-click link in each). */
export async function stopFollowUps(db: Database, email: string) {
  await db.insert(careFollowUpStops).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

/**
 * The follow-up an answer link names (its pet not deleted), with the pet's name, the adopter's name
 * and the answers already given; undefined if there is none (never sent, or the pet deleted).
 */
export async function followUpToAnswer(
  db: Database,
  key: { petId: number; email: string; kind: string; item: string },
) {
  const [row] = await db
    .select({
      id: careFollowUps.id,
      petId: careFollowUps.petId,
      email: careFollowUps.email,
      kind: careFollowUps.kind,
      item: careFollowUps.item,
      petName: pets.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(careFollowUps)
    .innerJoin(pets, and(eq(pets.id, careFollowUps.petId), isNull(pets.deletedAt)))
    .leftJoin(users, eq(users.email, careFollowUps.email))
    .where(
      and(
        eq(careFollowUps.petId, key.petId),
        eq(careFollowUps.email, key.email),
        eq(careFollowUps.kind, key.kind),
        eq(careFollowUps.item, key.item),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const answers = await db
    .select({ answer: careAnswers.answer })
    .from(careAnswers)
    .where(eq(careAnswers.followUpId, row.id));
  return { ...row, answers: answers.map((answer) => answer.answer) };
}

/**
 * Records an adopter's answer to a follow-up, once (a second tap changes nothing), and with it, in the
 * same batch, the inbox message staff answer (`message`: "help", "return", a line of "well"), linked
 * to the answer. True if the answer is new.
 */
export async function recordCareAnswer(
  db: Database,
  answer: { followUpId: number; answer: CareAnswer; text: string | null; photo?: string | null },
  message: { name: string; email: string; message: string; replyBusinessDays: number | null } | null,
): Promise<boolean> {
  const now = Date.now();
  const [recorded] = await db.batch([
    db
      .insert(careAnswers)
      .values({ followUpId: answer.followUpId, answer: answer.answer, text: answer.text, photo: answer.photo ?? null })
      .onConflictDoNothing()
      .returning({ id: careAnswers.id }),
    ...(message
      ? ([
          db
            .insert(contactMessages)
            .select(
              sql`select null as id, ${message.name} as name, ${message.email} as email, ${message.message} as message, null as handled_at, ${message.replyBusinessDays} as reply_business_days, 1 as version, ${now} as created_at where changes() > 0`,
            ),
          db
            .update(careAnswers)
            .set({ messageId: sql`last_insert_rowid()` })
            .where(
              and(
                eq(careAnswers.followUpId, answer.followUpId),
                eq(careAnswers.answer, answer.answer),
                isNull(careAnswers.messageId),
                sql`changes() > 0`,
              ),
            ),
        ] as const)
      : []),
  ]);
  return recorded.length > 0;
}

/** What adopters answered about a pet, for its care page: who registered the chip, who said "done" to what. */
export async function careAnswersOfPet(db: Database, petId: number) {
  return db
    .select({
      email: careFollowUps.email,
      kind: careFollowUps.kind,
      item: careFollowUps.item,
      answer: careAnswers.answer,
      messageId: careAnswers.messageId,
      createdAt: careAnswers.createdAt,
    })
    .from(careAnswers)
    .innerJoin(careFollowUps, eq(careFollowUps.id, careAnswers.followUpId))
    .where(eq(careFollowUps.petId, petId))
    .orderBy(desc(careAnswers.createdAt), desc(careAnswers.id));
}

/** An "All is well" answer that can be a story: it came with a line, a photo or both. */
const hasStory = or(isNotNull(careAnswers.text), isNotNull(careAnswers.photo));

/** The "All is well" line a message came from, if it did: staff may approve it as a story. */
export async function storyOfMessage(db: Database, messageId: number) {
  const [row] = await db
    .select({
      id: careAnswers.id,
      text: careAnswers.text,
      photo: careAnswers.photo,
      storyApprovedAt: careAnswers.storyApprovedAt,
      petName: pets.name,
    })
    .from(careAnswers)
    .innerJoin(careFollowUps, eq(careFollowUps.id, careAnswers.followUpId))
    .innerJoin(pets, eq(pets.id, careFollowUps.petId))
    .where(and(eq(careAnswers.messageId, messageId), eq(careAnswers.answer, "well"), hasStory))
    .limit(1);
  return row;
}

/** Approves (or withdraws) a message's "All is well" line as a story on the home page; false if it has none. */
export async function setStoryApproved(db: Database, messageId: number, approved: boolean): Promise<boolean> {
  const updated = await db
    .update(careAnswers)
    .set({ storyApprovedAt: approved ? new Date() : null })
    .where(and(eq(careAnswers.messageId, messageId), eq(careAnswers.answer, "well"), hasStory))
    .returning({ id: careAnswers.id });
  return updated.length > 0;
}

/** The newest approved stories for the home page: the line, its photo, the pet's name and the adopter's first name. */
export async function approvedStories(db: Database, limit = 2) {
  return db
    .select({
      id: careAnswers.id,
      text: careAnswers.text,
      photo: careAnswers.photo,
      petName: pets.name,
      firstName: users.firstName,
    })
    .from(careAnswers)
    .innerJoin(careFollowUps, eq(careFollowUps.id, careAnswers.followUpId))
    .innerJoin(pets, and(eq(pets.id, careFollowUps.petId), isNull(pets.deletedAt)))
    .leftJoin(users, eq(users.email, careFollowUps.email))
    .where(and(isNotNull(careAnswers.storyApprovedAt), hasStory))
    .orderBy(desc(careAnswers.storyApprovedAt))
    .limit(limit);
}

/**
 * Whether one of `originalKeys` (a story photo and the originals its copy may come from) belongs to a
 * story staff approved for the home page, of a pet not deleted: only then is it public (issue 45).
 */
export async function isApprovedStoryPhoto(db: Database, originalKeys: string[]): Promise<boolean> {
  if (originalKeys.length === 0) return false;
  const [row] = await db
    .select({ id: careAnswers.id })
    .from(careAnswers)
    .innerJoin(careFollowUps, eq(careFollowUps.id, careAnswers.followUpId))
    .innerJoin(pets, and(eq(pets.id, careFollowUps.petId), isNull(pets.deletedAt)))
    .where(and(inArray(careAnswers.photo, originalKeys), isNotNull(careAnswers.storyApprovedAt)))
    .limit(1);
  return row !== undefined;
}
