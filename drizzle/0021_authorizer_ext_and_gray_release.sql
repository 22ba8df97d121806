ALTER TABLE "mp_authorizers" ADD COLUMN "ext" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_program_rollouts" ADD COLUMN "gray_percentage" integer;