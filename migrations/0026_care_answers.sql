CREATE TABLE `care_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follow_up_id` integer NOT NULL,
	`answer` text NOT NULL,
	`text` text,
	`message_id` integer,
	`story_approved_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`follow_up_id`) REFERENCES `care_follow_ups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `care_answers_once_idx` ON `care_answers` (`follow_up_id`,`answer`);--> statement-breakpoint
CREATE INDEX `care_answers_message_idx` ON `care_answers` (`message_id`);--> statement-breakpoint
CREATE INDEX `care_answers_story_idx` ON `care_answers` (`story_approved_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `reply_business_days` integer;