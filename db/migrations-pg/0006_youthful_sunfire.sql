CREATE TABLE "lock_leases" (
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"last_token" bigint NOT NULL,
	"lease_until_ms" bigint NOT NULL,
	"accepted_token" bigint,
	"value" text,
	"value_at_ms" bigint,
	"created_at_ms" bigint NOT NULL,
	CONSTRAINT "lock_leases_account_id_name_pk" PRIMARY KEY("account_id","name")
);
--> statement-breakpoint
ALTER TABLE "lock_leases" ADD CONSTRAINT "lock_leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;