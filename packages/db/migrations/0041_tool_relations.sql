-- What fits with what (issue 58, decision 0058): accessories, spare parts and works-with between tools,
-- a tool's successor, its discontinued flag and its model number. No data moves: every tool starts
-- with no relations, no successor, no model number and not discontinued.
CREATE TABLE "tool_relations" (
	"tool_id" uuid NOT NULL,
	"related_tool_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tool_relations_pkey" PRIMARY KEY("tool_id","related_tool_id","kind"),
	CONSTRAINT "tool_relations_not_itself" CHECK ("tool_relations"."tool_id" <> "tool_relations"."related_tool_id"),
	CONSTRAINT "tool_relations_kind_known" CHECK ("tool_relations"."kind" in ('accessory', 'spare_part', 'works_with')),
	CONSTRAINT "tool_relations_position_non_negative" CHECK ("tool_relations"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "model_number" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "discontinued" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "successor_id" uuid;--> statement-breakpoint
ALTER TABLE "tool_relations" ADD CONSTRAINT "tool_relations_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_relations" ADD CONSTRAINT "tool_relations_related_tool_id_tools_id_fk" FOREIGN KEY ("related_tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_relations_related_idx" ON "tool_relations" USING btree ("related_tool_id","kind");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_successor_id_tools_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_model_number_unique" ON "tools" USING btree (lower("model_number")) WHERE "tools"."model_number" is not null;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_not_own_successor" CHECK ("tools"."successor_id" <> "tools"."id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_model_number_length" CHECK (length("tools"."model_number") between 1 and 60);