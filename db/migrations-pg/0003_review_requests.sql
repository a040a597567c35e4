CREATE TABLE "review_requests" (
	"learner_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"lease_until_ms" bigint NOT NULL,
	"log_id" bigint,
	"response_status" integer,
	"response_body" text,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "review_requests_learner_id_key_pk" PRIMARY KEY("learner_id","key")
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;