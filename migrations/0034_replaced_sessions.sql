CREATE TABLE `replaced_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`replaced_at` integer NOT NULL
);
