DROP INDEX `pet_stays_intake_idx`;--> statement-breakpoint
DROP INDEX `pet_stays_outcome_idx`;--> statement-breakpoint
CREATE INDEX `pet_stays_intake_idx` ON `pet_stays` (`intake_on`,`species`,`outcome_type`,`outcome_on`);--> statement-breakpoint
CREATE INDEX `pet_stays_outcome_idx` ON `pet_stays` (`outcome_on`,`intake_on`,`species`,`outcome_type`);