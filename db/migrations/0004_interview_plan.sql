ALTER TABLE `learner_settings` ADD `interview_date` text;--> statement-breakpoint
ALTER TABLE `learner_settings` ADD `max_new_per_day` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `learner_settings` ADD `fsrs_parameters` text;