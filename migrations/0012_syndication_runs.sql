CREATE TABLE `syndication_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`ok` integer NOT NULL,
	`pet_count` integer NOT NULL,
	`error` text,
	`unknown_breeds` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `syndication_runs_partner_idx` ON `syndication_runs` (`partner`,`finished_at`);
