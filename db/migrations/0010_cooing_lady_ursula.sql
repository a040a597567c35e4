CREATE TABLE `learner_versions` (
	`learner_id` text NOT NULL,
	`kind` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`learner_id`, `kind`)
);
--> statement-breakpoint
DROP INDEX `own_cards_learner_deck`;--> statement-breakpoint
ALTER TABLE `own_cards` ADD `seen` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `own_cards_unseen` ON `own_cards` (`learner_id`,`deck_slug`,`created_at_ms`,`id`) WHERE "own_cards"."seen" = 0 AND "own_cards"."suspended" = 0;--> statement-breakpoint
CREATE INDEX `own_cards_learner_deck` ON `own_cards` (`learner_id`,`deck_slug`,`created_at_ms`,`id`,`suspended`,`updated_at_ms`);
--> statement-breakpoint
-- Hand-written below (drizzle describes no triggers): what keeps `seen` and learner_versions true.
UPDATE `own_cards` SET `seen` = 1 WHERE EXISTS (
	SELECT 1 FROM `card_states` s WHERE s.`learner_id` = `own_cards`.`learner_id` AND s.`card_id` = `own_cards`.`id`
);
--> statement-breakpoint
CREATE TRIGGER `card_states_seen_insert` AFTER INSERT ON `card_states` BEGIN
	UPDATE `own_cards` SET `seen` = 1 WHERE `learner_id` = NEW.`learner_id` AND `id` = NEW.`card_id` AND `seen` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `card_states_seen_delete` AFTER DELETE ON `card_states` BEGIN
	UPDATE `own_cards` SET `seen` = 0 WHERE `learner_id` = OLD.`learner_id` AND `id` = OLD.`card_id` AND `seen` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `own_cards_seen_insert` AFTER INSERT ON `own_cards`
WHEN EXISTS (SELECT 1 FROM `card_states` s WHERE s.`learner_id` = NEW.`learner_id` AND s.`card_id` = NEW.`id`)
BEGIN
	UPDATE `own_cards` SET `seen` = 1 WHERE `learner_id` = NEW.`learner_id` AND `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `review_logs_version_insert` AFTER INSERT ON `review_logs` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (NEW.`learner_id`, 'review_logs', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `review_logs_version_update` AFTER UPDATE ON `review_logs` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (NEW.`learner_id`, 'review_logs', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `review_logs_version_delete` AFTER DELETE ON `review_logs` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (OLD.`learner_id`, 'review_logs', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `own_cards_version_insert` AFTER INSERT ON `own_cards` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (NEW.`learner_id`, 'own_cards', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `own_cards_version_update` AFTER UPDATE ON `own_cards` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (NEW.`learner_id`, 'own_cards', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `own_cards_version_delete` AFTER DELETE ON `own_cards` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (OLD.`learner_id`, 'own_cards', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
