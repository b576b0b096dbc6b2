ALTER TABLE "quotes" ADD COLUMN "offer_freight_cents" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "offer_discount_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_offer_freight_non_negative" CHECK ("quotes"."offer_freight_cents" >= 0);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_offer_discount_range" CHECK ("quotes"."offer_discount_percent" > 0 and "quotes"."offer_discount_percent" < 100);