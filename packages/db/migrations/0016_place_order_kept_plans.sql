-- place_order keeps its statements' plans, on indexes (decision 0023). Migration 0014 had it plan every
-- statement on every call (force_custom_plan) so that a plan made while idempotency_keys was empty would
-- not scan the whole table later; but planning was over a fifth of an order's time in PostgreSQL, with
-- the tool's row locked through part of it (pgbench, one tool, four clients: 1,450 orders/s planned per
-- call, 1,890 kept). With sequential and bitmap scans off for the function's own statements, the plan
-- kept after five calls reaches each row through its index or its ctid whatever the statistics said
-- when it was made; a plain index scan also marks the index entries of dead row versions, which a
-- bitmap scan leaves for every later lookup to visit. Every statement of the function has an index (or
-- ctid) to reach its rows.
ALTER FUNCTION place_order(uuid, text, uuid, integer, text, text, integer, bigint, text, text, timestamptz)
  RESET plan_cache_mode;--> statement-breakpoint
ALTER FUNCTION place_order(uuid, text, uuid, integer, text, text, integer, bigint, text, text, timestamptz)
  SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION place_order(uuid, text, uuid, integer, text, text, integer, bigint, text, text, timestamptz)
  SET enable_bitmapscan = off;
