-- Exercises of programming lessons (a kit's or a model's) and the learner's checked attempts at them, as the
-- learner's browser ran them. The plan shows each lesson's exercises done, so both tables move its goal's plan
-- version (the lesson_id branch of migration 0013's function); home's activity counts practice days, so
-- attempts move the learner's home version (migration 0012's functions).
CREATE TABLE "exercise_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exercise_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"passed" boolean NOT NULL,
	"tests_passed" integer NOT NULL,
	"tests_total" integer NOT NULL,
	"hints_used" integer NOT NULL,
	"used_solution" boolean NOT NULL,
	"ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"spec" jsonb NOT NULL,
	"setup" text,
	"status" text NOT NULL,
	"rewrite" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_attempts" ADD CONSTRAINT "exercise_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_attempts" ADD CONSTRAINT "exercise_attempts_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_attempts" ADD CONSTRAINT "exercise_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_attempts_exercise_idx" ON "exercise_attempts" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "exercise_attempts_lesson_idx" ON "exercise_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "exercise_attempts_user_time_idx" ON "exercise_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_lesson_position_idx" ON "exercises" USING btree ("lesson_id","position") WHERE "exercises"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "exercises_user_idx" ON "exercises" USING btree ("user_id");
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['exercises', 'exercise_attempts'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plan_rows_changed()', t || '_plan_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plan_rows_changed()', t || '_plan_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plan_rows_changed()', t || '_plan_deleted', t);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exercise_attempts_home_inserted AFTER INSERT ON exercise_attempts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION home_rows_inserted();
--> statement-breakpoint
CREATE TRIGGER exercise_attempts_home_updated AFTER UPDATE ON exercise_attempts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_rows_updated();
--> statement-breakpoint
CREATE TRIGGER exercise_attempts_home_deleted AFTER DELETE ON exercise_attempts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION home_rows_deleted();
--> statement-breakpoint
-- The plan's lessons carry their exercise counts, an activity day its exercise attempts and a review card its
-- exercise: the bodies kept in the old shape stop counting as their version's, so each is built again on its
-- next read.
UPDATE plan_bodies SET body_version = NULL;
--> statement-breakpoint
UPDATE home_bodies SET dashboard_version = NULL, activity_version = NULL, queue_version = NULL;
