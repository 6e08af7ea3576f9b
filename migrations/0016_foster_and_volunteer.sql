CREATE TABLE `foster_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`pet_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`answers` text NOT NULL,
	`submitted_at` integer,
	`status_changed_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `foster_applications_user_id_unique` ON `foster_applications` (`user_id`);--> statement-breakpoint
CREATE INDEX `foster_applications_status_idx` ON `foster_applications` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `volunteer_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`availability` text NOT NULL,
	`interests` text NOT NULL,
	`experience` text DEFAULT '' NOT NULL,
	`age` text NOT NULL,
	`guardian_name` text,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'unconfirmed' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirmed_at` integer,
	`status_changed_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `volunteer_applications_confirm_token_hash_unique` ON `volunteer_applications` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `volunteer_applications_status_idx` ON `volunteer_applications` (`status`,`confirmed_at`);--> statement-breakpoint
CREATE INDEX `volunteer_applications_email_idx` ON `volunteer_applications` (`email`);