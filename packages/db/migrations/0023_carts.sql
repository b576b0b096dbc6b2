CREATE TABLE "carts" (
	"user_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" smallint NOT NULL,
	"seen_unit_price_cents" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_pkey" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "carts_quantity_positive" CHECK ("carts"."quantity" >= 1),
	CONSTRAINT "carts_seen_price_positive" CHECK ("carts"."seen_unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_tool_idx" ON "carts" USING btree ("tool_id");