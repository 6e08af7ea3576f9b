-- A new pet is a draft, seen only by staff, until published (decision 052). Every pet there before
-- stays published, from when it was created.
ALTER TABLE `pets` ADD `published_at` integer;--> statement-breakpoint
UPDATE `pets` SET `published_at` = `created_at`;
