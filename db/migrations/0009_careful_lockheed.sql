CREATE TABLE `taught_phrases` (
	`learner_id` text NOT NULL,
	`card_id` text NOT NULL,
	`point_id` text NOT NULL,
	`phrase` text NOT NULL,
	`concept` text,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`learner_id`, `card_id`, `point_id`, `phrase`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
