-- Passages' embeddings (AI_EMBEDDING_MODEL), searched by cosine distance beside the full text. They need
-- pgvector's `vector` type: the table is made only where the extension is available (PGlite loads it; a
-- PostgreSQL server has it once pgvector is installed there); elsewhere search stays full text. The function
-- does it and answers whether the table is there; the API calls it again at every start, so a server where
-- pgvector is installed after this migration ran gets the table then. The column's type exists only with the
-- extension, so the table is read and written in SQL (modules/sources/passage-embeddings.ts), not in schema.ts.
CREATE OR REPLACE FUNCTION ensure_source_passage_embeddings() RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('source_passage_embeddings') IS NOT NULL THEN
    RETURN true;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    RETURN false;
  END IF;
  -- two processes starting together: one makes it, the other finds it made
  PERFORM pg_advisory_xact_lock(hashtext('source_passage_embeddings'));
  IF to_regclass('source_passage_embeddings') IS NOT NULL THEN
    RETURN true;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS vector;
  EXCEPTION WHEN OTHERS THEN
    -- e.g. the role may not create extensions: a superuser's CREATE EXTENSION vector makes it possible
    RAISE WARNING 'pgvector is available but cannot be enabled: %', SQLERRM;
    RETURN false;
  END;
  CREATE TABLE source_passage_embeddings (
    passage_id uuid PRIMARY KEY REFERENCES source_passages(id) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    goal_id uuid NOT NULL,
    model text NOT NULL,
    embedding vector NOT NULL
  );
  CREATE INDEX source_passage_embeddings_goal_idx ON source_passage_embeddings (goal_id);
  RETURN true;
END
$$;--> statement-breakpoint
SELECT ensure_source_passage_embeddings();
