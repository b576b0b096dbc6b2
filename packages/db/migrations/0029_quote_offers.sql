CREATE TABLE "quote_history" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"quote_id" uuid NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"tool_id" uuid,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	CONSTRAINT "quote_lines_pkey" PRIMARY KEY("quote_id","position"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" >= 1),
	CONSTRAINT "quote_lines_unit_price_positive" CHECK ("quote_lines"."unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "state" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "quote_history" ADD CONSTRAINT "quote_history_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_history_quote_idx" ON "quote_history" USING btree ("quote_id","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_unique" ON "orders" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_state_created_idx" ON "quotes" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_state_known" CHECK ("quotes"."state" in ('requested', 'offered', 'accepted', 'declined', 'expired', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_offer_valid_until" CHECK ("quotes"."state" = 'requested' or "quotes"."valid_until" is not null);--> statement-breakpoint
-- custom: the requests stored before quotes had states enter the history as requested, when they came.
INSERT INTO "quote_history" ("quote_id", "state", "at") SELECT "id", 'requested', "created_at" FROM "quotes";
