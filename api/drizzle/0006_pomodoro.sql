CREATE TABLE "pomodoro_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"lesson_id" uuid,
	"goal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pomodoro_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"focus_duration" integer NOT NULL,
	"short_break_duration" integer NOT NULL,
	"long_break_duration" integer NOT NULL,
	"sessions_before_long_break" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pomodoro_sessions" ADD CONSTRAINT "pomodoro_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pomodoro_sessions" ADD CONSTRAINT "pomodoro_sessions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pomodoro_sessions" ADD CONSTRAINT "pomodoro_sessions_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pomodoro_settings" ADD CONSTRAINT "pomodoro_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pomodoro_sessions_client_idx" ON "pomodoro_sessions" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "pomodoro_sessions_user_completed_idx" ON "pomodoro_sessions" USING btree ("user_id","completed_at");