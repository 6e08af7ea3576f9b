CREATE TABLE `care_follow_up_stops` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `care_follow_ups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`item` text DEFAULT '' NOT NULL,
	`due_on` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `care_follow_ups_once_idx` ON `care_follow_ups` (`pet_id`,`email`,`kind`,`item`);--> statement-breakpoint
CREATE TABLE `pet_care` (
	`pet_id` integer PRIMARY KEY NOT NULL,
	`fixed` text DEFAULT 'unknown' NOT NULL,
	`fixed_on` text,
	`fixed_due_on` text,
	`chip_number` text,
	`chip_implanted_on` text,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pet_care_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pet_care_notes_pet_idx` ON `pet_care_notes` (`pet_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pet_vaccinations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`disease` text NOT NULL,
	`other_name` text,
	`given_on` text NOT NULL,
	`product` text,
	`lot` text,
	`next_due_on` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pet_vaccinations_pet_idx` ON `pet_vaccinations` (`pet_id`,`given_on`);--> statement-breakpoint
CREATE TABLE `pet_weights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`weighed_on` text NOT NULL,
	`weight_lbs` real NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pet_weights_pet_idx` ON `pet_weights` (`pet_id`,`weighed_on`);