-- A lesson's versions (issue 24): the content it had before a regeneration, with the instruction each was
-- written with; the current one is lessons.content too. Removed with the lesson (and kept by a plan removal's
-- snapshot, so Undo brings them back).
CREATE TABLE "lesson_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"content_source" text,
	"instruction" text,
	"is_current" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_versions" ADD CONSTRAINT "lesson_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_versions" ADD CONSTRAINT "lesson_versions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_versions_lesson_version_idx" ON "lesson_versions" USING btree ("lesson_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_versions_current_idx" ON "lesson_versions" USING btree ("lesson_id") WHERE "lesson_versions"."is_current";--> statement-breakpoint
CREATE INDEX "lesson_versions_user_idx" ON "lesson_versions" USING btree ("user_id");