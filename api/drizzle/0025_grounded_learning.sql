-- Learning from a goal's own material: a goal whose roadmap follows its sources (a roadmap generated again
-- follows them again), the span of passages each lesson of such a roadmap was made from, the passages a
-- grounded lesson (and each of its versions) cites as [n], and the passages, notes or lesson a tutor's
-- answer cites.
ALTER TABLE "goals" ADD COLUMN "from_material" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "source_span" jsonb;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "citations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_versions" ADD COLUMN "citations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "citations" jsonb DEFAULT '[]'::jsonb NOT NULL;
