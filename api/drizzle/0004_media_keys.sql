ALTER TABLE "goals" ADD COLUMN "media_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "media_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_media_key_unique" UNIQUE("media_key");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_media_key_unique" UNIQUE("media_key");