CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY NOT NULL,
	`api_key_hash` text NOT NULL,
	`label` text,
	`created_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_api_key_hash_unique` ON `accounts` (`api_key_hash`);--> statement-breakpoint
CREATE TABLE `card_states` (
	`learner_id` text NOT NULL,
	`card_id` text NOT NULL,
	`due_ms` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`elapsed_days` integer NOT NULL,
	`scheduled_days` integer NOT NULL,
	`learning_steps` integer NOT NULL,
	`reps` integer NOT NULL,
	`lapses` integer NOT NULL,
	`state` integer NOT NULL,
	`last_review_ms` integer,
	PRIMARY KEY(`learner_id`, `card_id`),
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `card_states_due` ON `card_states` (`learner_id`,`due_ms`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`account_id` integer NOT NULL,
	`key` text NOT NULL,
	`operation` text NOT NULL,
	`status` text NOT NULL,
	`body_hash` text NOT NULL,
	`request_body` text NOT NULL,
	`provider_key` text NOT NULL,
	`lease_until_ms` integer NOT NULL,
	`lease_version` integer DEFAULT 0 NOT NULL,
	`created_at_ms` integer NOT NULL,
	`expires_at_ms` integer NOT NULL,
	`response_status` integer,
	`response_body` text,
	`resource_id` integer,
	PRIMARY KEY(`account_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_in_progress_lease` ON `idempotency_keys` (`lease_until_ms`) WHERE "idempotency_keys"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX `idempotency_keys_pending` ON `idempotency_keys` (`created_at_ms`) WHERE "idempotency_keys"."status" = 'pending_unknown';--> statement-breakpoint
CREATE INDEX `idempotency_keys_pending_provider_key` ON `idempotency_keys` (`provider_key`) WHERE "idempotency_keys"."status" = 'pending_unknown';--> statement-breakpoint
CREATE INDEX `idempotency_keys_completed_expires` ON `idempotency_keys` (`expires_at_ms`) WHERE "idempotency_keys"."status" = 'completed';--> statement-breakpoint
CREATE TABLE `learner_settings` (
	`learner_id` text PRIMARY KEY NOT NULL,
	`desired_retention` real DEFAULT 0.9 NOT NULL,
	`new_per_day` integer DEFAULT 20 NOT NULL,
	`reviews_per_day` integer DEFAULT 200 NOT NULL,
	`same_day_steps` integer DEFAULT false NOT NULL,
	`rollover_hour` integer DEFAULT 4 NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`updated_at_ms` integer NOT NULL,
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `learners` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at_ms` integer NOT NULL,
	`account_id` integer
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`order_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`state` text NOT NULL,
	`failure_code` text,
	`provider_charge_id` text,
	`idempotency_key` text NOT NULL,
	`refunded_minor` integer DEFAULT 0 NOT NULL,
	`created_at_ms` integer NOT NULL,
	`updated_at_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payments_account` ON `payments` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `payments_state` ON `payments` (`state`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`state` text NOT NULL,
	`provider_refund_id` text,
	`idempotency_key` text NOT NULL,
	`created_at_ms` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refunds_payment` ON `refunds` (`payment_id`);--> statement-breakpoint
CREATE TABLE `review_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`learner_id` text NOT NULL,
	`card_id` text NOT NULL,
	`attempt_token` text NOT NULL,
	`rating` integer NOT NULL,
	`suggested_rating` integer NOT NULL,
	`points_ticked` text NOT NULL,
	`points_all` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`answer_mode` text NOT NULL,
	`state_before` integer NOT NULL,
	`reviewed_at_ms` integer NOT NULL,
	`snapshot` text,
	`due_after_ms` integer NOT NULL,
	FOREIGN KEY (`learner_id`) REFERENCES `learners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_logs_attempt` ON `review_logs` (`learner_id`,`attempt_token`);--> statement-breakpoint
CREATE INDEX `review_logs_learner_time` ON `review_logs` (`learner_id`,`reviewed_at_ms`);--> statement-breakpoint
CREATE INDEX `review_logs_learner_card` ON `review_logs` (`learner_id`,`card_id`,`reviewed_at_ms`);