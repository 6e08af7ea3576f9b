CREATE TABLE `pet_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer NOT NULL,
	`user_id` integer,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pet_changes_pet_idx` ON `pet_changes` (`pet_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `pets` ADD `version` integer DEFAULT 1 NOT NULL;