DROP INDEX "sub_merchants_queue_name_idx";--> statement-breakpoint
DROP INDEX "sub_merchants_platform_name_idx";--> statement-breakpoint
DROP INDEX "sub_merchants_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "name_sort_key" text COLLATE "C" GENERATED ALWAYS AS (regexp_replace(regexp_replace(coalesce(nullif(form_data->>'merchantName', ''), nullif(form_data->>'merchantShortname', ''), ''), '([0-9]+)', '00000000000000000000\1', 'g'), '0*([0-9]{20})', '\1', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "search_names" text GENERATED ALWAYS AS (coalesce(form_data->>'merchantName', '') || chr(10) || coalesce(form_data->>'merchantShortname', '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "sub_merchants_queue_name_idx" ON "sub_merchants" USING btree ("platform_id","queue","name_sort_key","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_platform_name_idx" ON "sub_merchants" USING btree ("platform_id","name_sort_key","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_name_trgm_idx" ON "sub_merchants" USING gin ("search_names" gin_trgm_ops);