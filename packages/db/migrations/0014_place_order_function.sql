-- Placing an order in one round trip (docs/decisions/superseded/0018-placing-an-order-in-one-round-trip.md): the
-- seven statements of POST /orders ran as a transaction of seven round trips, and each one cost the API
-- process and PostgreSQL a wake-up; as one function call they cost one, and the tool's row is locked
-- for no round trip at all. A PL/pgSQL function runs each statement with a snapshot of its own, so the
-- unpaid-order count still sees the orders committed while it waited on the customer's lock.
--
-- A refusal is answered as a row (refusal, detail), not raised, and gives back what it had claimed: an
-- error would roll back just as well, but node-postgres's pool closes the connection of a query that
-- failed, and a stranger ordering a sold-out tool in a loop must not cost a connection each.
--
-- Each statement finds its rows through an index whatever the tables' statistics say: PL/pgSQL keeps
-- a statement's plan, and a plan made while idempotency_keys was small scans the whole table once it
-- is not. So the key is claimed through ON CONFLICT's unique index and given back by its ctid, and a
-- customer's expired keys go with everyone's in the hourly prune, not on each order.
-- The order comes back in the columns of the API's order view (apps/server/src/features/orders/dto.ts).
--
-- An Idempotency-Key now remembers its order by id (order_id) rather than the answer's text, so the
-- same call that places the order stores it; a replay answers that order as it is now. Keys stored
-- before keep their answer (response_body). No foreign key: a deleted order leaves its key pointing at
-- nothing, and the replay says so.
ALTER TABLE "idempotency_keys" ADD COLUMN "order_id" uuid;--> statement-breakpoint
CREATE FUNCTION place_order(
  p_user uuid,
  p_email text,
  p_tool uuid,
  p_quantity integer,
  p_address text,
  p_phone text,
  p_max_unpaid integer,
  p_max_total_cents bigint,
  p_key text,
  p_request_hash text,
  p_key_cutoff timestamptz
) RETURNS TABLE (
  refusal text, detail text,
  id uuid, tool_id uuid, name text, address text, phone text, email text, image text,
  total_cents integer, unit_price_cents integer, quantity integer, status text,
  transaction_id text, created_at timestamptz, cancel_reason text
) LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
#variable_conflict use_column
DECLARE
  claimed tid;
  held integer;
  tool record;
  placed_id uuid;
BEGIN
  IF p_key IS NOT NULL THEN
    -- The key is claimed, or taken over once expired, through its unique index whatever the table's
    -- statistics say. A call holding it makes this one wait until it ends; held, no row comes back and
    -- the caller answers the key's order. A refusal below gives the claim back (the key stays free).
    INSERT INTO idempotency_keys AS k (key, user_id, request_hash) VALUES (p_key, p_user, p_request_hash)
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = excluded.request_hash, status_code = NULL, response_body = NULL,
            order_id = NULL, created_at = now()
        WHERE k.created_at < p_key_cutoff
      RETURNING k.ctid INTO claimed;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;

  -- One customer's orders go one by one, so that the unpaid-order cap counts them exactly.
  PERFORM pg_advisory_xact_lock(hashtext(p_user::text));
  SELECT count(*)::integer INTO held FROM (
    SELECT 1 FROM orders o WHERE o.user_id = p_user AND o.status = 'unpaid' LIMIT p_max_unpaid
  ) AS unpaid;
  IF held >= p_max_unpaid THEN
    DELETE FROM idempotency_keys WHERE ctid = claimed;
    refusal := 'unpaid-cap';
    RETURN NEXT;
    RETURN;
  END IF;

  -- The stock, taken at the price it is read at, never below zero however many orders race.
  UPDATE tools t SET available_quantity = t.available_quantity - p_quantity
    WHERE t.id = p_tool AND t.available_quantity >= p_quantity AND t.min_quantity <= p_quantity
      AND t.price_cents::bigint * p_quantity <= p_max_total_cents
    RETURNING t.id, t.name, t.image, t.price_cents INTO tool;
  IF NOT FOUND THEN
    -- The tool as it is now says why (the caller words it): none, too few, too many, or too dear.
    DELETE FROM idempotency_keys WHERE ctid = claimed;
    refusal := 'not-orderable';
    detail := (SELECT json_build_object('name', t.name, 'priceCents', t.price_cents,
        'minQuantity', t.min_quantity, 'availableQuantity', t.available_quantity)::text
      FROM tools t WHERE t.id = p_tool);
    RETURN NEXT;
    RETURN;
  END IF;

  INSERT INTO orders AS o (user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents, address, phone)
    VALUES (p_user, p_email, tool.id, tool.name, tool.image, tool.price_cents, p_quantity,
            tool.price_cents * p_quantity, p_address, p_phone)
    RETURNING o.id, o.tool_id, o.name, o.address, o.phone, o.email, o.image, o.total_cents,
      o.unit_price_cents, o.quantity, o.status, o.transaction_id, o.created_at, o.cancel_reason
    INTO id, tool_id, name, address, phone, email, image, total_cents, unit_price_cents, quantity,
      status, transaction_id, created_at, cancel_reason;
  placed_id := id;
  INSERT INTO order_status_history (order_id, status) VALUES (placed_id, 'unpaid');
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status_code = 201, order_id = placed_id WHERE ctid = claimed;
  END IF;
  RETURN NEXT;
END
$$;
