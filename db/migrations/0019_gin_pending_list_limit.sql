-- Every non-HOT update of an incident (an acknowledge, a resolve) adds the reference's trigrams to the GIN
-- index's pending list, and every search reads that list whole: at the default 4 MB it held 300 pages after
-- a few thousand acknowledges and took a reference search from 6 to 15 ms (docs/performance.md, "Text
-- search"). 64 kB keeps it to a few pages; the writer that fills it moves it into the index. Set in place
-- (drizzle-kit would rebuild the index), and the list there now is moved at once.
ALTER INDEX "incidents_reference_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list('incidents_reference_trgm_idx');
