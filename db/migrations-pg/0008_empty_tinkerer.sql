CREATE TABLE "learner_versions" (
	"learner_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_versions_learner_id_kind_pk" PRIMARY KEY("learner_id","kind")
);
--> statement-breakpoint
DROP INDEX "own_cards_learner_deck";--> statement-breakpoint
ALTER TABLE "own_cards" ADD COLUMN "seen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "own_cards_unseen" ON "own_cards" USING btree ("learner_id","deck_slug","created_at_ms","id") WHERE "own_cards"."seen" = false AND "own_cards"."suspended" = false;--> statement-breakpoint
CREATE INDEX "own_cards_learner_deck" ON "own_cards" USING btree ("learner_id","deck_slug","created_at_ms","id","suspended","updated_at_ms");
--> statement-breakpoint
-- Hand-written below (drizzle describes no triggers): what keeps "seen" and learner_versions true.
-- Statement triggers over transition tables: a bulk insert of 10,000 rows is one upsert per learner.
UPDATE "own_cards" o SET "seen" = true FROM "card_states" s
	WHERE s."learner_id" = o."learner_id" AND s."card_id" = o."id";
--> statement-breakpoint
CREATE FUNCTION "bump_learner_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "learner_versions" ("learner_id", "kind", "version")
		SELECT "learner_id", TG_ARGV[0], count(*) FROM changed GROUP BY "learner_id"
	ON CONFLICT ("learner_id", "kind") DO UPDATE SET "version" = "learner_versions"."version" + excluded."version";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "card_states_seen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "own_cards" o SET "seen" = (TG_OP = 'INSERT') FROM changed c
		WHERE o."learner_id" = c."learner_id" AND o."id" = c."card_id" AND o."seen" <> (TG_OP = 'INSERT');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "own_cards_seen_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "own_cards" o SET "seen" = true FROM changed c, "card_states" s
		WHERE o."learner_id" = c."learner_id" AND o."id" = c."id"
		AND s."learner_id" = c."learner_id" AND s."card_id" = c."id" AND NOT o."seen";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "card_states_seen_insert" AFTER INSERT ON "card_states"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "card_states_seen"();
--> statement-breakpoint
CREATE TRIGGER "card_states_seen_delete" AFTER DELETE ON "card_states"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "card_states_seen"();
--> statement-breakpoint
CREATE TRIGGER "own_cards_seen_insert" AFTER INSERT ON "own_cards"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "own_cards_seen_insert"();
--> statement-breakpoint
CREATE TRIGGER "review_logs_version_insert" AFTER INSERT ON "review_logs"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('review_logs');
--> statement-breakpoint
CREATE TRIGGER "review_logs_version_update" AFTER UPDATE ON "review_logs"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('review_logs');
--> statement-breakpoint
CREATE TRIGGER "review_logs_version_delete" AFTER DELETE ON "review_logs"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('review_logs');
--> statement-breakpoint
CREATE TRIGGER "own_cards_version_insert" AFTER INSERT ON "own_cards"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('own_cards');
--> statement-breakpoint
CREATE TRIGGER "own_cards_version_update" AFTER UPDATE ON "own_cards"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('own_cards');
--> statement-breakpoint
CREATE TRIGGER "own_cards_version_delete" AFTER DELETE ON "own_cards"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "bump_learner_version"('own_cards');
