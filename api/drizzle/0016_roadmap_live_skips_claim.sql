-- A goal's "generating" flag (0010) is whether a roadmap job of it is live, queued or running. Claiming a
-- job (queued → running) and giving it back (running → queued) leave it live: the trigger ran its lookup
-- and its upsert on plan_bodies for nothing, in the worker's claim, on the way to the provider call. The
-- status trigger now fires only when the job enters or leaves the live states, and only for roadmap jobs;
-- inserts and deletes as before. The dashboard's trigger (0012) stays: the dashboard shows the job's status,
-- which every one of these updates changes.
DROP TRIGGER generation_jobs_roadmap_live ON generation_jobs;
--> statement-breakpoint
CREATE TRIGGER generation_jobs_roadmap_live AFTER INSERT OR DELETE ON generation_jobs
  FOR EACH ROW EXECUTE FUNCTION roadmap_job_changed();
--> statement-breakpoint
CREATE TRIGGER generation_jobs_roadmap_live_status AFTER UPDATE OF status ON generation_jobs
  FOR EACH ROW
  WHEN (NEW.kind = 'roadmap'
    AND (OLD.status IN ('queued', 'running')) IS DISTINCT FROM (NEW.status IN ('queued', 'running')))
  EXECUTE FUNCTION roadmap_job_changed();
