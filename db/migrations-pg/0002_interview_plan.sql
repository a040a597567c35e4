ALTER TABLE "learner_settings" ADD COLUMN "interview_date" text;--> statement-breakpoint
ALTER TABLE "learner_settings" ADD COLUMN "max_new_per_day" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_settings" ADD COLUMN "fsrs_parameters" text;