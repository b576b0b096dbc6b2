-- An order's mail that the relay did not take is kept here and sent again later, with a growing delay,
-- by whichever server process claims it first (FOR UPDATE SKIP LOCKED). Before, it was only logged.
CREATE TABLE IF NOT EXISTS "mail_retries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_retries_due_idx" ON "mail_retries" USING btree ("next_attempt_at") WHERE "mail_retries"."next_attempt_at" is not null;
