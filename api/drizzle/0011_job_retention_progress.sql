-- A streaming job's text as appended pieces (generation_job_progress) instead of a column rewritten whole
-- at every write; finished jobs found by age for retention; when each periodic task last ran.
CREATE TABLE "generation_job_progress" (
	"job_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"at" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "generation_job_progress_job_id_attempt_at_pk" PRIMARY KEY("job_id","attempt","at")
);
--> statement-breakpoint
CREATE TABLE "periodic_task_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generation_job_progress" ADD CONSTRAINT "generation_job_progress_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_finished_idx" ON "generation_jobs" USING btree ("finished_at") WHERE "generation_jobs"."status" in ('succeeded', 'failed');--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP COLUMN "progress";