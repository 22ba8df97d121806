CREATE TABLE "mini_program_rollout_items" (
	"id" text PRIMARY KEY NOT NULL,
	"rollout_id" text NOT NULL,
	"app_id" text NOT NULL,
	"ext_json" text NOT NULL,
	"step" text DEFAULT 'commit' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"not_before" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"submit_intent_at" timestamp with time zone,
	"audit_id" text,
	"released_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mini_program_rollout_items_app" UNIQUE("rollout_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "mini_program_rollouts" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"provider" text NOT NULL,
	"template_id" text NOT NULL,
	"template_version" text,
	"user_version" text NOT NULL,
	"user_desc" text DEFAULT '' NOT NULL,
	"ext_json" text NOT NULL,
	"authorizer_ext" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"item_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mode" text NOT NULL,
	"release" text NOT NULL,
	"concurrency" integer DEFAULT 10 NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"progress_notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mini_program_rollout_items" ADD CONSTRAINT "mini_program_rollout_items_rollout_id_mini_program_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."mini_program_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_rollouts" ADD CONSTRAINT "mini_program_rollouts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mini_program_rollout_items_state_idx" ON "mini_program_rollout_items" USING btree ("rollout_id","state","step");--> statement-breakpoint
CREATE INDEX "mini_program_rollout_items_audit_idx" ON "mini_program_rollout_items" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "mini_program_rollout_items_app_idx" ON "mini_program_rollout_items" USING btree ("app_id","state");--> statement-breakpoint
CREATE INDEX "mini_program_rollouts_platform_idx" ON "mini_program_rollouts" USING btree ("platform_id","provider","created_at");