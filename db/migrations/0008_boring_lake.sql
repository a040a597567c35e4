CREATE TABLE `lock_leases` (
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`last_token` integer NOT NULL,
	`lease_until_ms` integer NOT NULL,
	`accepted_token` integer,
	`value` text,
	`value_at_ms` integer,
	`created_at_ms` integer NOT NULL,
	PRIMARY KEY(`account_id`, `name`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
