-- A learner's home version and a goal's plan version move once per transaction rather than once per
-- statement: a version tells readers that something changed, and one move per commit tells them as well.
-- A grade's two writes (the card, its log) updated the learner's home_bodies row twice, and a generated
-- roadmap's apply, a dozen statements, updated home_bodies and plan_bodies each time. A row this
-- transaction already moved (or inserted) has its xmin; one moved in a savepoint has the savepoint's, and is
-- moved again, which costs a write but misses nothing.
CREATE OR REPLACE FUNCTION home_version_up(owners uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO home_bodies (user_id) SELECT u.id FROM users u WHERE u.id = ANY(owners) ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE SET version = home_bodies.version + 1
    WHERE home_bodies.xmin <> pg_current_xact_id()::xid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plan_versions_up(goals uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO plan_bodies (goal_id) SELECT g.id FROM goals g WHERE g.id = ANY(goals) ORDER BY g.id
  ON CONFLICT (goal_id) DO UPDATE SET version = plan_bodies.version + 1
    WHERE plan_bodies.xmin <> pg_current_xact_id()::xid
$$;
