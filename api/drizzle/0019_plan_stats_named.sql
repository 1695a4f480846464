-- A plan body's stats are a JSON object with named fields now, no longer a positional array: the bodies
-- kept in the old shape stop counting as their version's, so each is built again on its next read.
UPDATE plan_bodies SET body_version = NULL;
