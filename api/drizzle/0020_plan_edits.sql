-- A goal's plan edits (renames now; moves, additions and removals next), each with the change that takes it
-- back. An edit names the version it was made on, and (goal_id, version) is unique: two tabs editing at once
-- cannot both write the same version.
CREATE TABLE "plan_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"undo" jsonb NOT NULL,
	"undone_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_edits" ADD CONSTRAINT "plan_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_edits" ADD CONSTRAINT "plan_edits_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_edits_goal_version_idx" ON "plan_edits" USING btree ("goal_id","version");