CREATE TABLE `gift_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gift_id` integer NOT NULL,
	`payment_intent_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`paid_at` integer NOT NULL,
	`refund_requested_at` integer,
	`refund_requested_by` integer,
	`refund_reason` text,
	`refunded_at` integer,
	`refunded_cents` integer,
	FOREIGN KEY (`gift_id`) REFERENCES `gifts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`refund_requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `gift_payments_gift_idx` ON `gift_payments` (`gift_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `gift_payments_intent_idx` ON `gift_payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `gift_payments_paid_idx` ON `gift_payments` (`paid_at`);--> statement-breakpoint
CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`checkout_session_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`fund` text NOT NULL,
	`pet_id` integer,
	`donor_name` text NOT NULL,
	`donor_email` text NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`user_id` integer,
	`dedication` text,
	`dedication_name` text,
	`dedication_email` text,
	`subscription_id` text,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_session_idx` ON `gifts` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `gifts_subscription_idx` ON `gifts` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `gifts_created_idx` ON `gifts` (`created_at`);--> statement-breakpoint
CREATE INDEX `gifts_pet_idx` ON `gifts` (`pet_id`);--> statement-breakpoint
CREATE INDEX `gifts_user_idx` ON `gifts` (`user_id`);--> statement-breakpoint
CREATE TABLE `provider_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
