CREATE TABLE `queued_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`headers` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `queued_emails_unsent_idx` ON `queued_emails` (`id`) WHERE sent_at is null;--> statement-breakpoint
CREATE TABLE `unreferenced_photos` (
	`key` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`noticed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `pets` ADD `on_hold_until` integer;--> statement-breakpoint
ALTER TABLE `pets` ADD `listed_at` integer;--> statement-breakpoint
CREATE INDEX `pets_on_hold_until_idx` ON `pets` (`on_hold_until`) WHERE on_hold_email is not null;--> statement-breakpoint
CREATE INDEX `pets_listed_at_idx` ON `pets` (`listed_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `new_pet_alerts` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alerts_checked_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_sent_at` integer;--> statement-breakpoint
CREATE INDEX `users_new_pet_alerts_idx` ON `users` (`id`) WHERE new_pet_alerts = 1;