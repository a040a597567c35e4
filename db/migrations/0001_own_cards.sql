CREATE TABLE `own_cards` (
	`learner_id` text NOT NULL,
	`id` text NOT NULL,
	`title` text NOT NULL,
	`deck_name` text NOT NULL,
	`deck_slug` text NOT NULL,
	`prompt` text NOT NULL,
	`points` text NOT NULL,
	`answer_markdown` text DEFAULT '' NOT NULL,
	`created_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL,
	PRIMARY KEY(`learner_id`, `id`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `own_cards_learner_deck` ON `own_cards` (`learner_id`,`deck_slug`,`created_at_ms`);--> statement-breakpoint
ALTER TABLE `learner_settings` ADD `disabled_decks` text DEFAULT '[]' NOT NULL;