-- Hand-written (drizzle describes no triggers): a learner_versions counter for card_states, raised on
-- every insert, update and delete, so the interview plan (kept per learner, lib/review/kept-plan.ts)
-- sees a due moved without a review (the interview date's reschedule, an import) as well as a grade.
CREATE TRIGGER `card_states_version_insert` AFTER INSERT ON `card_states` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (NEW.`learner_id`, 'card_states', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `card_states_version_update` AFTER UPDATE ON `card_states` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (NEW.`learner_id`, 'card_states', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `card_states_version_delete` AFTER DELETE ON `card_states` BEGIN
	INSERT INTO `learner_versions` (`learner_id`, `kind`, `version`) VALUES (OLD.`learner_id`, 'card_states', 1)
	ON CONFLICT (`learner_id`, `kind`) DO UPDATE SET `version` = `version` + 1;
END;
