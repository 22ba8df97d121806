CREATE TABLE "account_mail_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"invitation_id" text,
	"operator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_mail_tokens" ADD CONSTRAINT "account_mail_tokens_invitation_id_platform_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."platform_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mail_tokens" ADD CONSTRAINT "account_mail_tokens_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_mail_tokens_token_idx" ON "account_mail_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_mail_tokens_email_idx" ON "account_mail_tokens" USING btree ("email","purpose");