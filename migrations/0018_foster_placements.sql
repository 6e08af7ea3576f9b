CREATE TABLE `foster_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`placement_id` integer NOT NULL,
	`text` text NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_at` integer,
	`decided_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`placement_id`) REFERENCES `foster_placements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `foster_notes_placement_idx` ON `foster_notes` (`placement_id`);--> statement-breakpoint
CREATE INDEX `foster_notes_status_idx` ON `foster_notes` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `foster_placements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`foster_id` integer NOT NULL,
	`listed` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`foster_id`) REFERENCES `foster_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `foster_placements_open_pet_idx` ON `foster_placements` (`pet_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `foster_placements_foster_idx` ON `foster_placements` (`foster_id`,`ended_at`);--> statement-breakpoint
ALTER TABLE `inbox_notes` ADD `volunteer_application_id` integer REFERENCES volunteer_applications(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `inbox_notes` ADD `foster_application_id` integer REFERENCES foster_applications(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `inbox_notes_volunteer_idx` ON `inbox_notes` (`volunteer_application_id`);--> statement-breakpoint
CREATE INDEX `inbox_notes_foster_idx` ON `inbox_notes` (`foster_application_id`);--> statement-breakpoint
-- Notes on volunteer and foster applications are tied to them as the others are (migration 0011): the trigger sets the item's column from `kind`.
DROP TRIGGER IF EXISTS `inbox_notes_tie`;--> statement-breakpoint
CREATE TRIGGER `inbox_notes_tie` AFTER INSERT ON `inbox_notes`
BEGIN
	UPDATE `inbox_notes` SET `application_id` = CASE WHEN new.`kind` = 'application' THEN new.`item_id` END,
		`message_id` = CASE WHEN new.`kind` = 'message' THEN new.`item_id` END,
		`volunteer_application_id` = CASE WHEN new.`kind` = 'volunteer' THEN new.`item_id` END,
		`foster_application_id` = CASE WHEN new.`kind` = 'foster' THEN new.`item_id` END
	WHERE `id` = new.`id`;
END;
