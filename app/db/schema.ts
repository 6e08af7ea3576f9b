import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
 * keys in display order. A pet is hidden from public lists while it is on hold or newly adopted.
 */
export const pets = sqliteTable(
  "pets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    animalId: text("animal_id").notNull().unique(),
    name: text("name").notNull(),
    species: text("species").notNull(),
    breed: text("breed", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    ageMonths: integer("age").notNull().default(0),
    weightLbs: real("weight").notNull().default(0),
    sex: text("sex", { enum: ["Male", "Female"] }).notNull().default("Male"),
    activeLevel: text("active_level").notNull().default("Very active"),
    adoptionFee: integer("adoption_fee").notNull().default(0),
    about: text("about").notNull().default(""),
    characteristics: text("characteristics", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    onHoldEmail: text("on_hold_email"),
    onHoldDate: integer("on_hold_date", { mode: "timestamp_ms" }),
    adoptedEmail: text("adopted_email"),
    adoptedDate: integer("adopted_date", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Public lists read only listed pets (neither on hold nor adopted), by species, newest first.
    index("pets_listed_species_created_idx")
      .on(table.species, table.createdAt)
      .where(sql`on_hold_email is null and adopted_email is null`),
    index("pets_listed_created_idx")
      .on(table.createdAt)
      .where(sql`on_hold_email is null and adopted_email is null`),
    index("pets_on_hold_email_idx").on(table.onHoldEmail),
    index("pets_adopted_email_idx").on(table.adoptedEmail),
  ],
);

/** Messages sent through the Get In Touch form, kept for staff to answer. */
export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Addresses signed up for the newsletter; signing up twice keeps one row. */
export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export type Pet = typeof pets.$inferSelect;
export type NewPet = typeof pets.$inferInsert;
