-- Which trigrams of the searched references are common, so that a text search can ask the trigram index
-- for its rare trigrams only (server/services/incidents/text-search.ts). A GIN scan reads the whole posting
-- list of every trigram it is given: `worker-request:950001` read the lists of `wor`, `ork`, ... shared
-- by every WORKER reference (some 1,300 index pages at a million incidents) to find one row that its
-- digits alone find in 17. ANALYZE (and autovacuum) keep the most common trigrams and their frequencies in
-- pg_stats_ext_exprs, like any column's most common values. (Messages: migration 0006.)
CREATE STATISTICS IF NOT EXISTS incidents_reference_trigrams ON (show_trgm(external_reference_id)) FROM incidents;
