-- The security log is append-only (decision 027): no row is ever changed, and none is deleted before
-- it is 365 days old (31536000000 ms). The app's retention (app/models/security-events.server.ts) must
-- not be shorter than this.
CREATE TRIGGER `security_events_no_update` BEFORE UPDATE ON `security_events`
BEGIN
	SELECT RAISE(ABORT, 'security_events is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `security_events_keep_a_year` BEFORE DELETE ON `security_events`
WHEN old.`created_at` > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 31536000000
BEGIN
	SELECT RAISE(ABORT, 'security_events rows are kept 365 days');
END;
