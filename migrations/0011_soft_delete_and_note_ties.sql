-- Issue 22. A deleted pet is kept 30 days, restorable, then removed for good by the nightly run
-- (decision 042): `deleted_at` marks it, and every list but Pet Admin's "Recently deleted" hides it.
ALTER TABLE `pets` ADD `deleted_at` integer;
--> statement-breakpoint
CREATE INDEX `pets_deleted_idx` ON `pets` (`deleted_at`) WHERE deleted_at is not null;
--> statement-breakpoint
-- Staff notes are tied to what they annotate and go with it: deleting an application (its pet or its
-- adopter removed for good) or a contact message (365 days) deletes its notes. ADD COLUMN keeps the table.
ALTER TABLE `inbox_notes` ADD `application_id` integer REFERENCES `adoption_applications`(`id`) ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE `inbox_notes` ADD `message_id` integer REFERENCES `contact_messages`(`id`) ON DELETE cascade;
--> statement-breakpoint
DELETE FROM `inbox_notes` WHERE (`kind` = 'application' AND `item_id` NOT IN (SELECT `id` FROM `adoption_applications`))
	OR (`kind` = 'message' AND `item_id` NOT IN (SELECT `id` FROM `contact_messages`));
--> statement-breakpoint
UPDATE `inbox_notes` SET `application_id` = CASE WHEN `kind` = 'application' THEN `item_id` END,
	`message_id` = CASE WHEN `kind` = 'message' THEN `item_id` END;
--> statement-breakpoint
CREATE INDEX `inbox_notes_application_idx` ON `inbox_notes` (`application_id`);
--> statement-breakpoint
CREATE INDEX `inbox_notes_message_idx` ON `inbox_notes` (`message_id`);
--> statement-breakpoint
-- Every note gets its tie from (kind, item_id) as it is written, so no insert can leave it untied:
-- a note on an item that does not exist fails its foreign key and is not written.
CREATE TRIGGER `inbox_notes_tie` AFTER INSERT ON `inbox_notes`
BEGIN
	UPDATE `inbox_notes` SET `application_id` = CASE WHEN new.`kind` = 'application' THEN new.`item_id` END,
		`message_id` = CASE WHEN new.`kind` = 'message' THEN new.`item_id` END
	WHERE `id` = new.`id`;
END;
