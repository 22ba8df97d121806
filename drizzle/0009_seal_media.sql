DROP INDEX "media_platform_provider_sha_idx";--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "content_hmac" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "sealed_bytes" text;--> statement-breakpoint
CREATE UNIQUE INDEX "media_platform_provider_hmac_idx" ON "media" USING btree ("platform_id","provider","content_hmac");--> statement-breakpoint
ALTER TABLE "media" DROP COLUMN "sha256";