-- New orders and their history lines get time-ordered ids (UUID version 7, RFC 9562): 48 bits of the
-- millisecond, then 74 random bits, so an id is as hard to guess as before. A random (version 4) id
-- lands on any leaf of its index; at a million orders, each placed order wrote to pages of the primary
-- keys and of the history's order index that nothing else had touched since the last checkpoint, and
-- PostgreSQL logs a whole page (8 KB) the first time a page changes after a checkpoint. Ids that rise
-- with time are written next to the previous order's. Ids already given keep their value.
-- PostgreSQL 18 has uuidv7(); this one is for the versions before it, and for PGlite.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid()) PLACING
        substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "id" SET DEFAULT uuid_v7();
