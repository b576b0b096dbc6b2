-- Specifications (issue 58, decision 0060): the attributes the owner defines, the categories each belongs
-- to, and each tool's values in the column of its kind. No data moves: every tool starts with none.
CREATE TABLE "attribute_categories" (
	"attribute_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "attribute_categories_pkey" PRIMARY KEY("attribute_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_key_format" CHECK ("attributes"."key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("attributes"."key") <= 60),
	CONSTRAINT "attributes_kind_known" CHECK ("attributes"."kind" in ('number', 'choice', 'boolean', 'text'))
);
--> statement-breakpoint
CREATE TABLE "tool_attribute_values" (
	"tool_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"number_value" numeric,
	"text_value" text,
	"boolean_value" boolean,
	CONSTRAINT "tool_attribute_values_pkey" PRIMARY KEY("tool_id","attribute_id"),
	CONSTRAINT "tool_attribute_values_one_value" CHECK (num_nonnulls("tool_attribute_values"."number_value", "tool_attribute_values"."text_value", "tool_attribute_values"."boolean_value") = 1)
);
--> statement-breakpoint
ALTER TABLE "attribute_categories" ADD CONSTRAINT "attribute_categories_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_categories" ADD CONSTRAINT "attribute_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_attribute_values" ADD CONSTRAINT "tool_attribute_values_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_attribute_values" ADD CONSTRAINT "tool_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_key_unique" ON "attributes" USING btree ("key");--> statement-breakpoint
CREATE INDEX "tool_attribute_values_number_idx" ON "tool_attribute_values" USING btree ("attribute_id","number_value");--> statement-breakpoint
CREATE INDEX "tool_attribute_values_text_idx" ON "tool_attribute_values" USING btree ("attribute_id","text_value");