CREATE TABLE `anki_card_links` (
	`learner_id` text NOT NULL,
	`card_id` text NOT NULL,
	`guid` text NOT NULL,
	`ord` integer NOT NULL,
	`note_id` integer NOT NULL,
	`only_card_of_note` integer NOT NULL,
	`source_hash` text NOT NULL,
	PRIMARY KEY(`learner_id`, `card_id`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `anki_card_links_identity` ON `anki_card_links` (`learner_id`,`guid`,`ord`);--> statement-breakpoint
CREATE TABLE `learner_media` (
	`learner_id` text NOT NULL,
	`id` text NOT NULL,
	`sha256` text NOT NULL,
	`name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`bytes` blob NOT NULL,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`learner_id`, `id`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `learner_media_content` ON `learner_media` (`learner_id`,`sha256`);--> statement-breakpoint
ALTER TABLE `own_cards` ADD `format` text DEFAULT 'markdown' NOT NULL;--> statement-breakpoint
ALTER TABLE `own_cards` ADD `suspended` integer DEFAULT false NOT NULL;