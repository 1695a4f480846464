-- How each remote version fared in learners' browsers, shared by every API instance: loads, failed loads and
-- failed renders, incremented by the client reports; a canary's automatic rollback and the metrics read them.
CREATE TABLE "remote_load_counts" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"loads" bigint DEFAULT 0 NOT NULL,
	"load_failures" bigint DEFAULT 0 NOT NULL,
	"render_failures" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "remote_load_counts_remote_version_pk" PRIMARY KEY("remote","version")
);
