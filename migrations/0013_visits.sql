-- Meet-and-greet visits after an approval (decision 048). Times are UTC ms. One active (booked) visit
-- per application; the slot index serves the capacity count of a booking's conditional insert.
CREATE TABLE `visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`slot_start` integer NOT NULL,
	`slot_end` integer NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`reminded_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `adoption_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visits_one_booked_idx` ON `visits` (`application_id`) WHERE status = 'booked';--> statement-breakpoint
CREATE INDEX `visits_slot_idx` ON `visits` (`slot_start`,`status`);--> statement-breakpoint
CREATE TABLE `visit_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`capacity` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- E-mail attachments (a visit's .ics), listed by name in the dev outbox.
ALTER TABLE `outbox_messages` ADD `attachments` text;
