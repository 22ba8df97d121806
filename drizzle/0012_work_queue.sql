CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "sub_merchant_queue_counts" (
	"platform_id" text NOT NULL,
	"queue" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sub_merchant_queue_counts_platform_id_queue_pk" PRIMARY KEY("platform_id","queue")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "sub_merchant_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "licence_number_hmac" text;--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "assignee_operator_id" text;--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "display_name" text GENERATED ALWAYS AS (coalesce(nullif(form_data->>'merchantName', ''), nullif(form_data->>'merchantShortname', ''), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "queue" text GENERATED ALWAYS AS (case when status = 'active' then 'active' when status = 'suspended' then 'suspended' when ch_applyment_state is null or ch_applyment_state in ('rejected', 'canceled') then 'action' when ch_applyment_state in ('to_be_confirmed', 'to_be_signed') then 'merchant' when ch_applyment_state = 'finished' then 'active' else 'review' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD COLUMN "state_key" text GENERATED ALWAYS AS (case when status = 'suspended' then 'suspended' else coalesce(ch_applyment_state, 'draft') end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_merchant_queue_counts" ADD CONSTRAINT "sub_merchant_queue_counts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_platform_created_idx" ON "audit_log" USING btree ("platform_id","created_at","id");--> statement-breakpoint
ALTER TABLE "sub_merchants" ADD CONSTRAINT "sub_merchants_assignee_operator_id_operators_id_fk" FOREIGN KEY ("assignee_operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_merchants_queue_updated_idx" ON "sub_merchants" USING btree ("platform_id","queue","updated_at","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_queue_name_idx" ON "sub_merchants" USING btree ("platform_id","queue","display_name","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_queue_state_idx" ON "sub_merchants" USING btree ("platform_id","queue","state_key","updated_at","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_platform_name_idx" ON "sub_merchants" USING btree ("platform_id","display_name","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_platform_state_idx" ON "sub_merchants" USING btree ("platform_id","state_key","updated_at","id");--> statement-breakpoint
CREATE INDEX "sub_merchants_name_trgm_idx" ON "sub_merchants" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sub_merchants_licence_hmac_idx" ON "sub_merchants" USING btree ("platform_id","licence_number_hmac");--> statement-breakpoint
CREATE INDEX "sub_merchants_applyment_idx" ON "sub_merchants" USING btree ("platform_id","ch_applyment_id");--> statement-breakpoint
CREATE INDEX "sub_merchants_sub_mchid_idx" ON "sub_merchants" USING btree ("platform_id","ch_sub_mchid");--> statement-breakpoint
CREATE INDEX "sub_merchants_assignee_idx" ON "sub_merchants" USING btree ("platform_id","assignee_operator_id","updated_at","id");