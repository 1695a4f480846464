ALTER TABLE "plan_bodies" ADD COLUMN "generating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a goal's roadmap is being generated, kept beside its plan version so a plan read does not look
-- for a live job each time; a change of it is a change of the plan (its version moves). The live unique
-- index on generation_jobs lets a goal's next roadmap job in only once the last one has ended, so the last
-- writer here always sees the live job, if any.
CREATE FUNCTION roadmap_job_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  job generation_jobs;
  goal uuid;
  live boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN job := OLD; ELSE job := NEW; END IF;
  IF job.kind <> 'roadmap' OR job.target !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN RETURN NULL; END IF;
  goal := job.target::uuid;
  live := EXISTS (SELECT 1 FROM generation_jobs j
    WHERE j.kind = 'roadmap' AND j.target = job.target AND j.status IN ('queued', 'running'));
  INSERT INTO plan_bodies (goal_id, generating) SELECT goal, live WHERE EXISTS (SELECT 1 FROM goals WHERE id = goal)
  ON CONFLICT (goal_id) DO UPDATE SET generating = excluded.generating, version = plan_bodies.version + 1
    WHERE plan_bodies.generating IS DISTINCT FROM excluded.generating;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER generation_jobs_roadmap_live AFTER INSERT OR DELETE OR UPDATE OF status ON generation_jobs
  FOR EACH ROW EXECUTE FUNCTION roadmap_job_changed();
--> statement-breakpoint
UPDATE plan_bodies pb SET generating = true WHERE EXISTS (SELECT 1 FROM generation_jobs j
  WHERE j.kind = 'roadmap' AND j.target = pb.goal_id::text AND j.status IN ('queued', 'running'));
--> statement-breakpoint
INSERT INTO plan_bodies (goal_id, generating)
  SELECT g.id, true FROM goals g WHERE EXISTS (SELECT 1 FROM generation_jobs j
    WHERE j.kind = 'roadmap' AND j.target = g.id::text AND j.status IN ('queued', 'running'))
  ON CONFLICT (goal_id) DO NOTHING;
