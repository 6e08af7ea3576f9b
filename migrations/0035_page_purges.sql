CREATE TABLE `page_purges` (
	`tag` text PRIMARY KEY NOT NULL,
	`purged_at` integer NOT NULL
);
