CREATE TABLE "plan_bodies" (
	"goal_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"body_version" bigint,
	"stats" text,
	"sections" text,
	"lessons_by_section" text,
	"first_left" text
);
--> statement-breakpoint
ALTER TABLE "plan_bodies" ADD CONSTRAINT "plan_bodies_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One more on a goal's plan version: the goal's plan body is then rebuilt by its next read. A goal being
-- deleted (the cascade reaches its sections and lessons after its row is gone) is left alone.
CREATE FUNCTION plan_version_up(goal uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO plan_bodies (goal_id) SELECT goal WHERE EXISTS (SELECT 1 FROM goals WHERE id = goal)
  ON CONFLICT (goal_id) DO UPDATE SET version = plan_bodies.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_goal uuid;
  new_goal uuid;
BEGIN
  -- a row's fields are read only in the branch of its own table
  IF TG_TABLE_NAME = 'roadmaps' THEN
    IF TG_OP <> 'INSERT' THEN old_goal := OLD.goal_id; END IF;
    IF TG_OP <> 'DELETE' THEN new_goal := NEW.goal_id; END IF;
  ELSIF TG_TABLE_NAME = 'lessons' THEN
    IF TG_OP <> 'INSERT' THEN old_goal := (SELECT r.goal_id FROM roadmaps r WHERE r.id = OLD.roadmap_id); END IF;
    IF TG_OP <> 'DELETE' THEN new_goal := (SELECT r.goal_id FROM roadmaps r WHERE r.id = NEW.roadmap_id); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      old_goal := (SELECT r.goal_id FROM lessons l JOIN roadmaps r ON r.id = l.roadmap_id WHERE l.id = OLD.lesson_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      new_goal := (SELECT r.goal_id FROM lessons l JOIN roadmaps r ON r.id = l.roadmap_id WHERE l.id = NEW.lesson_id);
    END IF;
  END IF;
  IF old_goal IS NOT NULL THEN PERFORM plan_version_up(old_goal); END IF;
  IF new_goal IS NOT NULL AND new_goal IS DISTINCT FROM old_goal THEN PERFORM plan_version_up(new_goal); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER roadmaps_plan_changed AFTER INSERT OR UPDATE OR DELETE ON roadmaps
  FOR EACH ROW EXECUTE FUNCTION plan_changed();
--> statement-breakpoint
CREATE TRIGGER lessons_plan_changed AFTER INSERT OR UPDATE OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION plan_changed();
--> statement-breakpoint
CREATE TRIGGER lesson_assessments_plan_changed AFTER INSERT OR UPDATE OR DELETE ON lesson_assessments
  FOR EACH ROW EXECUTE FUNCTION plan_changed();
