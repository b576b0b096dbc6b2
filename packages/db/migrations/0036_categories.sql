CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_format" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" <> "categories"."id"),
	CONSTRAINT "categories_position_non_negative" CHECK ("categories"."position" >= 0)
);
--> statement-breakpoint
-- Categories as a tree the owner manages (issue 58, decision 0055). The two fixed values of the text
-- column become root categories with those slugs and the names the shop showed for them, and every tool
-- points at its own: nothing lost. The column, its check and the featured index on it then go.
INSERT INTO "categories" ("name", "slug", "position") VALUES ('Electrical', 'electrical', 0), ('Mechanical', 'mechanical', 1);--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
UPDATE "tools" SET "category_id" = "categories"."id" FROM "categories" WHERE "categories"."slug" = "tools"."category";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_category_known";--> statement-breakpoint
DROP INDEX "tools_featured_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_unique" ON "categories" USING btree ("parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_root_name_unique" ON "categories" USING btree ("name") WHERE "categories"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_category_idx" ON "tools" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "tools_featured_idx" ON "tools" USING btree ("sold_out","category_id","name","id");--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "category";