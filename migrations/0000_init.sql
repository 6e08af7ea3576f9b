CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `pets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`animal_id` text NOT NULL,
	`name` text NOT NULL,
	`species` text NOT NULL,
	`breed` text DEFAULT '[]' NOT NULL,
	`age` integer DEFAULT 0 NOT NULL,
	`weight` real DEFAULT 0 NOT NULL,
	`sex` text DEFAULT 'Male' NOT NULL,
	`active_level` text DEFAULT 'Very active' NOT NULL,
	`adoption_fee` integer DEFAULT 0 NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`characteristics` text DEFAULT '[]' NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`on_hold_email` text,
	`on_hold_date` integer,
	`adopted_email` text,
	`adopted_date` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pets_animal_id_unique` ON `pets` (`animal_id`);--> statement-breakpoint
CREATE INDEX `pets_listed_species_created_idx` ON `pets` (`species`,`created_at`) WHERE on_hold_email is null and adopted_email is null;--> statement-breakpoint
CREATE INDEX `pets_listed_created_idx` ON `pets` (`created_at`) WHERE on_hold_email is null and adopted_email is null;--> statement-breakpoint
CREATE INDEX `pets_on_hold_email_idx` ON `pets` (`on_hold_email`);--> statement-breakpoint
CREATE INDEX `pets_adopted_email_idx` ON `pets` (`adopted_email`);