CREATE TABLE "anki_card_links" (
	"learner_id" text NOT NULL,
	"card_id" text NOT NULL,
	"guid" text NOT NULL,
	"ord" integer NOT NULL,
	"note_id" bigint NOT NULL,
	"only_card_of_note" boolean NOT NULL,
	"source_hash" text NOT NULL,
	CONSTRAINT "anki_card_links_learner_id_card_id_pk" PRIMARY KEY("learner_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "learner_media" (
	"learner_id" text NOT NULL,
	"id" text NOT NULL,
	"sha256" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "learner_media_learner_id_id_pk" PRIMARY KEY("learner_id","id")
);
--> statement-breakpoint
ALTER TABLE "own_cards" ADD COLUMN "format" text DEFAULT 'markdown' NOT NULL;--> statement-breakpoint
ALTER TABLE "own_cards" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "anki_card_links" ADD CONSTRAINT "anki_card_links_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_media" ADD CONSTRAINT "learner_media_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anki_card_links_identity" ON "anki_card_links" USING btree ("learner_id","guid","ord");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_media_content" ON "learner_media" USING btree ("learner_id","sha256");