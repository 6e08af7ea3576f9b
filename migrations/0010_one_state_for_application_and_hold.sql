-- An application and its pet's hold are one state (decision 040). A new open status, "hold_ended",
-- for an approved application whose hold ended; it counts as active in the one-per-adopter-and-pet index.
DROP INDEX `applications_one_active_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `applications_one_active_idx` ON `adoption_applications` (`user_id`,`pet_id`) WHERE status in ('draft', 'submitted', 'in_review', 'approved', 'hold_ended');--> statement-breakpoint
-- Applications left "approved" by holds that ended before this fix: adopted if the pet went home
-- with their applicant, else their hold has ended. Each move gets its history row.
INSERT INTO `application_events` (`application_id`, `status`, `user_id`, `created_at`)
  SELECT a.id, 'adopted', NULL, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM `adoption_applications` a
  JOIN `pets` p ON p.id = a.pet_id JOIN `users` u ON u.id = a.user_id
  WHERE a.status = 'approved' AND lower(p.adopted_email) = lower(u.email);--> statement-breakpoint
UPDATE `adoption_applications` SET status = 'adopted', version = version + 1, updated_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
  WHERE status = 'approved' AND EXISTS (SELECT 1 FROM `pets` p JOIN `users` u ON u.id = adoption_applications.user_id
    WHERE p.id = adoption_applications.pet_id AND lower(p.adopted_email) = lower(u.email));--> statement-breakpoint
INSERT INTO `application_events` (`application_id`, `status`, `user_id`, `created_at`)
  SELECT a.id, 'hold_ended', NULL, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM `adoption_applications` a
  JOIN `pets` p ON p.id = a.pet_id JOIN `users` u ON u.id = a.user_id
  WHERE a.status = 'approved' AND NOT (p.adopted_email IS NULL AND lower(coalesce(p.on_hold_email, '')) = lower(u.email));--> statement-breakpoint
UPDATE `adoption_applications` SET status = 'hold_ended', version = version + 1, updated_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
  WHERE status = 'approved' AND NOT EXISTS (SELECT 1 FROM `pets` p JOIN `users` u ON u.id = adoption_applications.user_id
    WHERE p.id = adoption_applications.pet_id AND p.adopted_email IS NULL AND lower(p.on_hold_email) = lower(u.email));
