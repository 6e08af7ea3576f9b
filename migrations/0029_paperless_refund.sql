ALTER TABLE `adoption_papers` ADD `fee_refunded_at` integer;--> statement-breakpoint
ALTER TABLE `adoption_papers` ADD `fee_refunded_cents` integer;