CREATE TABLE "mock_interviews" (
	"learner_id" text NOT NULL,
	"id" text NOT NULL,
	"main_card_id" text NOT NULL,
	"phases" text NOT NULL,
	"created_at_ms" bigint NOT NULL,
	"saved_at_ms" bigint,
	"saved_ratings" text,
	CONSTRAINT "mock_interviews_learner_id_id_pk" PRIMARY KEY("learner_id","id")
);
--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD CONSTRAINT "mock_interviews_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mock_interviews_learner_created" ON "mock_interviews" USING btree ("learner_id","created_at_ms");