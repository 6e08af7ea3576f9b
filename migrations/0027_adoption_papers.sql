CREATE TABLE `adoption_papers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`application_id` integer,
	`pet_id` integer,
	`fee_cents` integer NOT NULL,
	`fee_waived_reason` text,
	`sent_at` integer NOT NULL,
	`sent_by` integer,
	`closed_at` integer,
	`signed_at` integer,
	`signing_method` text,
	`signed_name` text,
	`signed_text_sha256` text,
	`file_key` text,
	`file_type` text,
	`file_sha256` text,
	`consent_version` text,
	`signer_email` text,
	`signer_ip` text,
	`signer_user_agent` text,
	`recorded_by` integer,
	`fee_paid_at` integer,
	`fee_paid_method` text,
	`fee_paid_cents` integer,
	`fee_receipt_number` text,
	`fee_recorded_by` integer,
	`checkout_session_id` text,
	`payment_intent_id` text,
	`gift_cents` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `adoption_applications`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`pet_id`) REFERENCES `pets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`fee_recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `adoption_papers_document_idx` ON `adoption_papers` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `adoption_papers_application_idx` ON `adoption_papers` (`application_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `adoption_papers_session_idx` ON `adoption_papers` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `adoption_papers_pet_idx` ON `adoption_papers` (`pet_id`);