CREATE TABLE `lost_found_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`thread_id` integer NOT NULL,
	`from_reporter` integer DEFAULT false NOT NULL,
	`body` text NOT NULL,
	`shares_address` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `lost_found_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lost_found_messages_thread_idx` ON `lost_found_messages` (`thread_id`);--> statement-breakpoint
CREATE TABLE `lost_found_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`sender_name` text NOT NULL,
	`sender_email` text NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirmed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lost_found_threads_confirm_token_hash_unique` ON `lost_found_threads` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `lost_found_threads_report_idx` ON `lost_found_threads` (`report_id`);--> statement-breakpoint
CREATE INDEX `lost_found_threads_email_idx` ON `lost_found_threads` (`sender_email`);--> statement-breakpoint
ALTER TABLE `lost_found_matches` ADD `return_dismissed_at` integer;