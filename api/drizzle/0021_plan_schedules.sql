-- A goal's study schedule (hours a week or a target date, on chosen weekdays) and a learner's calendar feed
-- secret. Planned days are computed from the schedule, never stored: an edit of the plan plans the rest again.
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "plan_schedules" (
	"goal_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"minutes_per_week" integer,
	"target_date" date,
	"study_days" integer NOT NULL,
	"session_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"planned_from" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_schedules" ADD CONSTRAINT "plan_schedules_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_schedules" ADD CONSTRAINT "plan_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_schedules_user_idx" ON "plan_schedules" USING btree ("user_id");