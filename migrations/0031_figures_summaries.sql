CREATE TABLE `figures_summaries` (
	`key` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`version` integer NOT NULL,
	`figures` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `figures_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written: the figures' version (decision 064, amended 2026-11-28, later) is one row, raised on every
-- insert, update and delete of the stays and the foster placements (a pet's removal sets its stays' pet_id
-- null and deletes its placements: those fire these too), so a stored summary of an older version is never read.
INSERT INTO `figures_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `pet_stays_figures_insert` AFTER INSERT ON `pet_stays`
BEGIN
	UPDATE `figures_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pet_stays_figures_update` AFTER UPDATE ON `pet_stays`
BEGIN
	UPDATE `figures_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pet_stays_figures_delete` AFTER DELETE ON `pet_stays`
BEGIN
	UPDATE `figures_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `foster_placements_figures_insert` AFTER INSERT ON `foster_placements`
BEGIN
	UPDATE `figures_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `foster_placements_figures_update` AFTER UPDATE ON `foster_placements`
BEGIN
	UPDATE `figures_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `foster_placements_figures_delete` AFTER DELETE ON `foster_placements`
BEGIN
	UPDATE `figures_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
