CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`learner_id` text NOT NULL,
	`label` text NOT NULL,
	`linked_at_ms` integer NOT NULL,
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `devices_learner` ON `devices` (`learner_id`,`linked_at_ms`);--> statement-breakpoint
CREATE TABLE `link_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`learner_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`used_at_ms` integer,
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_codes_created` ON `link_codes` (`created_at_ms`);