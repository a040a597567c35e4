CREATE TABLE `review_requests` (
	`learner_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` text NOT NULL,
	`lease_until_ms` integer NOT NULL,
	`log_id` integer,
	`response_status` integer,
	`response_body` text,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`learner_id`, `key`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
