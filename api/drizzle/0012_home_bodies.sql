CREATE TABLE "home_bodies" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"dashboard_version" bigint,
	"dashboard" text,
	"activity_version" bigint,
	"activity_key" text,
	"activity" text
);
--> statement-breakpoint
ALTER TABLE "home_bodies" ADD CONSTRAINT "home_bodies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One more on each named learner's home version: their dashboard and activity are then rebuilt by the next
-- read. Learners being deleted (the cascade reaches their rows after the user's row is gone) are left alone;
-- rows are locked in id order so two statements touching the same learners wait rather than deadlock.
CREATE FUNCTION home_version_up(owners uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO home_bodies (user_id) SELECT u.id FROM users u WHERE u.id = ANY(owners) ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE SET version = home_bodies.version + 1
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: a roadmap of a hundred lessons written in one statement costs
-- one upsert, not a hundred.
CREATE FUNCTION home_rows_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM home_version_up(ARRAY(SELECT DISTINCT n.user_id FROM new_rows n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION home_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM home_version_up(ARRAY(SELECT n.user_id FROM new_rows n UNION SELECT o.user_id FROM old_rows o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION home_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM home_version_up(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  -- what the dashboard (goals, sections, lessons) and the activity (lessons, assessments, focus, reviews) read
  FOREACH t IN ARRAY ARRAY['goals', 'roadmaps', 'lessons', 'lesson_assessments', 'pomodoro_sessions', 'review_logs'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION home_rows_inserted()', t || '_home_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION home_rows_updated()', t || '_home_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION home_rows_deleted()', t || '_home_deleted', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The dashboard shows the active goal's latest roadmap generation: a roadmap job's status is part of it.
CREATE FUNCTION home_roadmap_job_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  job generation_jobs;
BEGIN
  IF TG_OP = 'DELETE' THEN job := OLD; ELSE job := NEW; END IF;
  IF job.kind = 'roadmap' THEN PERFORM home_version_up(ARRAY[job.user_id]); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER generation_jobs_home_changed AFTER INSERT OR DELETE OR UPDATE OF status ON generation_jobs
  FOR EACH ROW EXECUTE FUNCTION home_roadmap_job_changed();
