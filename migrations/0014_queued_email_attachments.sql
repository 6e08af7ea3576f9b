-- A queued (retried) e-mail keeps its attachments (a visit's .ics), as the first send carried them (decision 048).
ALTER TABLE `queued_emails` ADD `attachments` text;
