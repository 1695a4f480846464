-- A goal's plan version moves once per statement rather than once per row: a generated roadmap (its
-- sections in one statement, their lessons in another) cost a subquery and an upsert on plan_bodies for
-- each of its thirty-odd rows, most of the time its job spent writing. Same goals moved as before: those of
-- the rows' old and new states, found through their sections (a section being deleted with its lessons
-- moves its goal itself).
DROP TRIGGER roadmaps_plan_changed ON roadmaps;
--> statement-breakpoint
DROP TRIGGER lessons_plan_changed ON lessons;
--> statement-breakpoint
DROP TRIGGER lesson_assessments_plan_changed ON lesson_assessments;
--> statement-breakpoint
DROP FUNCTION plan_changed();
--> statement-breakpoint
-- goals in id order, so two statements touching the same goals wait rather than deadlock
CREATE FUNCTION plan_versions_up(goals uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO plan_bodies (goal_id) SELECT g.id FROM goals g WHERE g.id = ANY(goals) ORDER BY g.id
  ON CONFLICT (goal_id) DO UPDATE SET version = plan_bodies.version + 1
$$;
--> statement-breakpoint
-- The goals of a statement's rows. A transition table exists only for the operations that have it, so each
-- is read only in its own branch.
CREATE FUNCTION plan_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  goals uuid[] := '{}';
BEGIN
  IF TG_TABLE_NAME = 'roadmaps' THEN
    IF TG_OP <> 'INSERT' THEN goals := goals || ARRAY(SELECT o.goal_id FROM old_rows o WHERE o.goal_id IS NOT NULL); END IF;
    IF TG_OP <> 'DELETE' THEN goals := goals || ARRAY(SELECT n.goal_id FROM new_rows n WHERE n.goal_id IS NOT NULL); END IF;
  ELSIF TG_TABLE_NAME = 'lessons' THEN
    IF TG_OP <> 'INSERT' THEN
      goals := goals || ARRAY(SELECT r.goal_id FROM old_rows o JOIN roadmaps r ON r.id = o.roadmap_id WHERE r.goal_id IS NOT NULL);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      goals := goals || ARRAY(SELECT r.goal_id FROM new_rows n JOIN roadmaps r ON r.id = n.roadmap_id WHERE r.goal_id IS NOT NULL);
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      goals := goals || ARRAY(SELECT r.goal_id FROM old_rows o JOIN lessons l ON l.id = o.lesson_id
        JOIN roadmaps r ON r.id = l.roadmap_id WHERE r.goal_id IS NOT NULL);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      goals := goals || ARRAY(SELECT r.goal_id FROM new_rows n JOIN lessons l ON l.id = n.lesson_id
        JOIN roadmaps r ON r.id = l.roadmap_id WHERE r.goal_id IS NOT NULL);
    END IF;
  END IF;
  IF cardinality(goals) > 0 THEN
    PERFORM plan_versions_up(ARRAY(SELECT DISTINCT unnest(goals)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['roadmaps', 'lessons', 'lesson_assessments'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plan_rows_changed()', t || '_plan_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plan_rows_changed()', t || '_plan_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plan_rows_changed()', t || '_plan_deleted', t);
  END LOOP;
END
$$;
