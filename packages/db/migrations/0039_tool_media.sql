CREATE TABLE "tool_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_documents_kind_known" CHECK ("tool_documents"."kind" in ('datasheet', 'manual', 'declaration_of_conformity')),
	CONSTRAINT "tool_documents_size_positive" CHECK ("tool_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "tool_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	CONSTRAINT "tool_images_position_non_negative" CHECK ("tool_images"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tool_documents" ADD CONSTRAINT "tool_documents_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_images" ADD CONSTRAINT "tool_images_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_documents_tool_idx" ON "tool_documents" USING btree ("tool_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_images_position_unique" ON "tool_images" USING btree ("tool_id","position");--> statement-breakpoint
-- A tool's pictures (issue 58, decision 0057): each tool's picture becomes the first of its gallery,
-- nothing lost, and a trigger keeps the gallery's first picture the tool's image whoever writes
-- tools.image (the product form, the CSV import, the seeds): an added tool gets its first row, a new
-- image replaces the first row's picture and its description.
INSERT INTO "tool_images" ("tool_id", "position", "url", "alt") SELECT "id", 0, "image", '' FROM "tools";--> statement-breakpoint
CREATE FUNCTION "tool_images_follow_image"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE "tool_images" SET "url" = NEW."image", "alt" = ''
      WHERE "tool_id" = NEW."id"
        AND "position" = (SELECT min("position") FROM "tool_images" WHERE "tool_id" = NEW."id");
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "tool_images" ("tool_id", "position", "url", "alt") VALUES (NEW."id", 0, NEW."image", '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_added_with_first_picture" AFTER INSERT ON "tools"
  FOR EACH ROW EXECUTE FUNCTION "tool_images_follow_image"();--> statement-breakpoint
CREATE TRIGGER "tools_image_is_first_picture" AFTER UPDATE OF "image" ON "tools"
  FOR EACH ROW WHEN (OLD."image" IS DISTINCT FROM NEW."image")
  EXECUTE FUNCTION "tool_images_follow_image"();
