CREATE TABLE `pet_stays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pet_id` integer,
	`species` text NOT NULL,
	`intake_type` text NOT NULL,
	`intake_on` text NOT NULL,
	`intake_age_months` integer DEFAULT 0 NOT NULL,
	`intake_source` text DEFAULT '' NOT NULL,
	`intake_notes` text DEFAULT '' NOT NULL,
	`outcome_type` text,
	`outcome_on` text,
	`outcome_destination` text DEFAULT '' NOT NULL,
	`outcome_notes` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pet_stays_pet_idx` ON `pet_stays` (`pet_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pet_stays_open_pet_idx` ON `pet_stays` (`pet_id`) WHERE outcome_type is null;--> statement-breakpoint
CREATE INDEX `pet_stays_intake_idx` ON `pet_stays` (`intake_on`);--> statement-breakpoint
CREATE INDEX `pet_stays_outcome_idx` ON `pet_stays` (`outcome_on`);--> statement-breakpoint
CREATE TABLE `report_downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`month` text NOT NULL,
	`user_id` integer,
	`csv_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `report_downloads_month_idx` ON `report_downloads` (`month`,`created_at`);--> statement-breakpoint
ALTER TABLE `pets` ADD `left_at` integer;--> statement-breakpoint
-- hand-written: every pet already here gets its first stay (decision 064). Its intake is the day it was
-- created, in the shelter's time (Pacific; SQLite knows no time zones, so standard time's fixed -8 hours:
-- a pet created in the last hour before a summer midnight counts on the day after), of the config's
-- default type ("stray", shelter.intakes.defaultType when this was written); its age in months as now.
-- An already adopted pet's stay ends with an adoption on its adoption day (never before its intake).
INSERT INTO `pet_stays` (`pet_id`, `species`, `intake_type`, `intake_on`, `intake_age_months`, `outcome_type`, `outcome_on`, `created_at`, `updated_at`)
SELECT
	`id`,
	`species`,
	'stray',
	date(`created_at` / 1000, 'unixepoch', '-8 hours'),
	`age`,
	CASE WHEN `adopted_email` IS NOT NULL THEN 'adoption' END,
	CASE WHEN `adopted_email` IS NOT NULL THEN max(date(`created_at` / 1000, 'unixepoch', '-8 hours'), date(coalesce(`adopted_date`, `created_at`) / 1000, 'unixepoch', '-8 hours')) END,
	CAST(unixepoch('subsec') * 1000 AS integer),
	CAST(unixepoch('subsec') * 1000 AS integer)
FROM `pets`;
