ALTER TABLE "home_bodies" ADD COLUMN "queue_version" bigint;--> statement-breakpoint
ALTER TABLE "home_bodies" ADD COLUMN "queue_key" text;--> statement-breakpoint
ALTER TABLE "home_bodies" ADD COLUMN "queue_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "home_bodies" ADD COLUMN "queue" text;--> statement-breakpoint
-- The review queue is kept beside home's parts under the same version: review_logs already move it
-- (migration 0012); the cards and the learner's caps and retention do too.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['review_cards', 'review_settings'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION home_rows_inserted()', t || '_home_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION home_rows_updated()', t || '_home_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION home_rows_deleted()', t || '_home_deleted', t);
  END LOOP;
END
$$;
