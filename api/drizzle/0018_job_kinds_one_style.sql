-- Job kinds in one naming style (kebab-case, as JOB_KINDS in @mindpath/contracts lists them): the one kind
-- written with an underscore is renamed in the jobs already stored.
UPDATE generation_jobs SET kind = replace(kind, '_', '-') WHERE kind LIKE '%\_%';
