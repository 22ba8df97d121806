CREATE TABLE "onboarding_links" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_id" text NOT NULL,
	"sub_merchant_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"return_url" text,
	"refresh_url" text,
	"include" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "seller_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"platform_id" text NOT NULL,
	"sub_merchant_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_links" ADD CONSTRAINT "onboarding_links_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_links" ADD CONSTRAINT "onboarding_links_sub_merchant_id_sub_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."sub_merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sessions" ADD CONSTRAINT "seller_sessions_link_id_onboarding_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."onboarding_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sessions" ADD CONSTRAINT "seller_sessions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sessions" ADD CONSTRAINT "seller_sessions_sub_merchant_id_sub_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."sub_merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_links_record_idx" ON "onboarding_links" USING btree ("platform_id","sub_merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_sessions_link_idx" ON "seller_sessions" USING btree ("link_id");