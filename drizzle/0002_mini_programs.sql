CREATE TABLE "inbound_pushes" (
	"provider" text NOT NULL,
	"push_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mp_audits" (
	"audit_id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"provider" text NOT NULL,
	"app_id" text NOT NULL,
	"upstream_audit_id" text,
	"template_id" text,
	"user_version" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"delayed" text,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mp_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"provider" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"tenant_id" text,
	"pre_auth_code" text,
	"auth_url" text NOT NULL,
	"mobile_auth_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"authorizer_app_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mp_authorizers" (
	"platform_id" text NOT NULL,
	"provider" text NOT NULL,
	"app_id" text NOT NULL,
	"tenant_id" text,
	"nickname" text,
	"principal_name" text,
	"head_img" text,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"authorized_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mp_authorizers_platform_id_provider_app_id_pk" PRIMARY KEY("platform_id","provider","app_id")
);
--> statement-breakpoint
CREATE TABLE "mp_commits" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"provider" text NOT NULL,
	"app_id" text NOT NULL,
	"template_id" text NOT NULL,
	"user_version" text NOT NULL,
	"user_desc" text NOT NULL,
	"ext_json" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mp_manual_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"provider" text NOT NULL,
	"tenant_id" text,
	"template_id" text NOT NULL,
	"user_version" text NOT NULL,
	"user_desc" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mp_manual_templates_key" UNIQUE NULLS NOT DISTINCT("platform_id","provider","template_id","user_version")
);
--> statement-breakpoint
CREATE TABLE "provider_credentials" (
	"name" text PRIMARY KEY NOT NULL,
	"value_enc" text,
	"expires_at" timestamp with time zone,
	"refresh_lock_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mp_audits" ADD CONSTRAINT "mp_audits_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_authorizations" ADD CONSTRAINT "mp_authorizations_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_authorizers" ADD CONSTRAINT "mp_authorizers_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_commits" ADD CONSTRAINT "mp_commits_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mp_manual_templates" ADD CONSTRAINT "mp_manual_templates_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_pushes_key" ON "inbound_pushes" USING btree ("provider","push_id");--> statement-breakpoint
CREATE INDEX "mp_audits_app_idx" ON "mp_audits" USING btree ("platform_id","provider","app_id","submitted_at");--> statement-breakpoint
CREATE INDEX "mp_audits_poll_idx" ON "mp_audits" USING btree ("next_poll_at");--> statement-breakpoint
CREATE INDEX "mp_authorizations_platform_idx" ON "mp_authorizations" USING btree ("platform_id","created_at");--> statement-breakpoint
CREATE INDEX "mp_authorizers_app_idx" ON "mp_authorizers" USING btree ("provider","app_id");--> statement-breakpoint
CREATE INDEX "mp_commits_app_idx" ON "mp_commits" USING btree ("platform_id","provider","app_id","created_at");