CREATE TABLE "taught_phrases" (
	"learner_id" text NOT NULL,
	"card_id" text NOT NULL,
	"point_id" text NOT NULL,
	"phrase" text NOT NULL,
	"concept" text,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "taught_phrases_learner_id_card_id_point_id_phrase_pk" PRIMARY KEY("learner_id","card_id","point_id","phrase")
);
--> statement-breakpoint
ALTER TABLE "taught_phrases" ADD CONSTRAINT "taught_phrases_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;