-- A goal's sources (the learner's own material) and their passages, searched by PostgreSQL's full-text search
-- (the same on PGlite): a generated tsvector over each passage's headings (weight A) and text (B), GIN-indexed.
-- The same file twice on a goal is refused by its sha256.
CREATE TABLE "source_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"page" integer,
	"heading_path" text[] DEFAULT '{}'::text[] NOT NULL,
	"heading_text" text DEFAULT '' NOT NULL,
	"start_offset" integer NOT NULL,
	"end_offset" integer NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "heading_text"), 'A') || setweight(to_tsvector('english'::regconfig, "text"), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"title" text NOT NULL,
	"origin" text NOT NULL,
	"format" text,
	"file_name" text,
	"url" text,
	"content_type" text,
	"bytes" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"pages" integer,
	"sections" integer DEFAULT 0 NOT NULL,
	"passages" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"media_name" text,
	"pending" jsonb,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_passages_source_idx" ON "source_passages" USING btree ("source_id","ordinal");--> statement-breakpoint
CREATE INDEX "source_passages_goal_idx" ON "source_passages" USING btree ("goal_id");--> statement-breakpoint
CREATE INDEX "source_passages_user_idx" ON "source_passages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "source_passages_tsv_idx" ON "source_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "sources_goal_idx" ON "sources" USING btree ("goal_id","created_at");--> statement-breakpoint
CREATE INDEX "sources_user_idx" ON "sources" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_goal_sha256_idx" ON "sources" USING btree ("goal_id","sha256");