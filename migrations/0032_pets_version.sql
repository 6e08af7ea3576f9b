CREATE TABLE `pets_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written: the listed pets' version (decision 045, amended 2026-11-28, evening) is one row, set to a
-- new random number on every insert, update and delete of `pets` and `foster_placements` (a placement
-- can take a pet off the lists), so an adopt list kept at an older version is never shown again. Random
-- (53 bits, exact as a JavaScript number), not counted up: two databases (a test's fresh one, a restored
-- backup) never share a version by chance.
INSERT INTO `pets_version` (`id`, `version`) VALUES (1, (random() >> 11));--> statement-breakpoint
CREATE TRIGGER `pets_version_insert` AFTER INSERT ON `pets`
BEGIN
	UPDATE `pets_version` SET `version` = (random() >> 11) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pets_version_update` AFTER UPDATE ON `pets`
BEGIN
	UPDATE `pets_version` SET `version` = (random() >> 11) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `pets_version_delete` AFTER DELETE ON `pets`
BEGIN
	UPDATE `pets_version` SET `version` = (random() >> 11) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `foster_placements_pets_version_insert` AFTER INSERT ON `foster_placements`
BEGIN
	UPDATE `pets_version` SET `version` = (random() >> 11) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `foster_placements_pets_version_update` AFTER UPDATE ON `foster_placements`
BEGIN
	UPDATE `pets_version` SET `version` = (random() >> 11) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `foster_placements_pets_version_delete` AFTER DELETE ON `foster_placements`
BEGIN
	UPDATE `pets_version` SET `version` = (random() >> 11) WHERE `id` = 1;
END;
