-- Hand-written (drizzle describes no triggers): a learner_versions counter for card_states, raised on
-- every insert, update and delete (statement triggers over transition tables, as migration 0008's), so
-- the interview plan (kept per learner, lib/review/kept-plan.ts) sees a due moved without a review.
CREATE TRIGGER "card_states_version_insert" AFTER INSERT ON "card_states"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('card_states');
--> statement-breakpoint
CREATE TRIGGER "card_states_version_update" AFTER UPDATE ON "card_states"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('card_states');
--> statement-breakpoint
CREATE TRIGGER "card_states_version_delete" AFTER DELETE ON "card_states"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('card_states');
