CREATE TABLE `mock_interviews` (
	`learner_id` text NOT NULL,
	`id` text NOT NULL,
	`main_card_id` text NOT NULL,
	`phases` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	`saved_at_ms` integer,
	`saved_ratings` text,
	PRIMARY KEY(`learner_id`, `id`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mock_interviews_learner_created` ON `mock_interviews` (`learner_id`,`created_at_ms`);