CREATE TABLE `lost_found_matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`other_report_id` integer,
	`pet_id` integer,
	`score` integer NOT NULL,
	`certain` integer DEFAULT false NOT NULL,
	`reasons` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_report_id`) REFERENCES `lost_found_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lost_found_matches_report_idx` ON `lost_found_matches` (`report_id`);--> statement-breakpoint
CREATE INDEX `lost_found_matches_other_idx` ON `lost_found_matches` (`other_report_id`);--> statement-breakpoint
CREATE INDEX `lost_found_matches_pet_idx` ON `lost_found_matches` (`pet_id`);--> statement-breakpoint
CREATE TABLE `lost_found_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`species` text NOT NULL,
	`sex` text NOT NULL,
	`size` text NOT NULL,
	`colours` text DEFAULT '[]' NOT NULL,
	`other_colours` text DEFAULT '' NOT NULL,
	`description` text NOT NULL,
	`date` text NOT NULL,
	`place` text NOT NULL,
	`cross_streets` text DEFAULT '' NOT NULL,
	`microchip` text,
	`images` text DEFAULT '[]' NOT NULL,
	`reporter_name` text NOT NULL,
	`reporter_email` text NOT NULL,
	`reporter_phone` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`confirmed_at` integer,
	`open_until` integer,
	`reminder_sent_at` integer,
	`closed_at` integer,
	`hidden_at` integer,
	`hidden_reason` text,
	`hidden_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lost_found_reports_confirm_token_hash_unique` ON `lost_found_reports` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `lost_found_reports_board_idx` ON `lost_found_reports` (`open_until`) WHERE confirmed_at is not null and closed_at is null and hidden_at is null;--> statement-breakpoint
CREATE INDEX `lost_found_reports_email_idx` ON `lost_found_reports` (`reporter_email`);