-- Up Migration

-- ANALYZE (autovacuum runs it on its own) keeps sample values of each column in pg_statistic, a
-- catalog the retention purge cannot rewrite: the older leads' documents, the outbox's leads and
-- the messages' recipients hold names and numbers, so none of their values are sampled.
ALTER TABLE documents ALTER COLUMN doc SET STATISTICS 0;
ALTER TABLE lead_outbox ALTER COLUMN lead SET STATISTICS 0;
ALTER TABLE lead_messages ALTER COLUMN recipient SET STATISTICS 0;

-- Down Migration
ALTER TABLE documents ALTER COLUMN doc SET STATISTICS -1;
ALTER TABLE lead_outbox ALTER COLUMN lead SET STATISTICS -1;
ALTER TABLE lead_messages ALTER COLUMN recipient SET STATISTICS -1;
