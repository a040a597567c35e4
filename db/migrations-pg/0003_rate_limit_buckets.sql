CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at_ms" bigint NOT NULL,
	"burst" double precision NOT NULL,
	"per_minute" double precision NOT NULL,
	"granted" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_at" ON "rate_limit_buckets" USING btree ("at_ms");