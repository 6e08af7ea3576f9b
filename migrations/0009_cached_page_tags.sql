CREATE TABLE `cached_page_tags` (
	`tag` text NOT NULL,
	`key` text NOT NULL,
	`stored_at` integer NOT NULL,
	PRIMARY KEY(`tag`, `key`)
);
--> statement-breakpoint
CREATE INDEX `cached_page_tags_key_idx` ON `cached_page_tags` (`key`);