CREATE TABLE "tax_document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "tax_document_counters_pkey" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"ordinal" smallint NOT NULL,
	"corrects_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"gross_cents" integer NOT NULL,
	CONSTRAINT "tax_documents_kind_known" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_invoice_first" CHECK (("tax_documents"."kind" = 'invoice') = ("tax_documents"."ordinal" = 0 and "tax_documents"."corrects_id" is null))
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_corrects_fkey" FOREIGN KEY ("corrects_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_unique" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_unique" ON "tax_documents" USING btree ("kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_ordinal_unique" ON "tax_documents" USING btree ("order_id","ordinal");--> statement-breakpoint
-- custom: an issued invoice or credit note is never changed nor deleted (decision 0042); a mistake is
-- corrected by a credit note, as an accountant expects.
CREATE FUNCTION tax_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax document % is issued and cannot be changed or deleted', OLD.number;
END $$;--> statement-breakpoint
CREATE TRIGGER tax_documents_immutable BEFORE UPDATE OR DELETE ON tax_documents
  FOR EACH ROW EXECUTE FUNCTION tax_documents_refuse_change();
