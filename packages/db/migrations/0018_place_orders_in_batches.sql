-- Orders for one tool are placed in batches (decision 0024): place_orders places several orders in one
-- call and one commit. Orders for one tool queue on its row until each commits; a batch holds the row
-- once for all of its orders. The API gathers one tool's orders that arrive while earlier ones are in
-- the database (lib/keyed-batcher.ts) and sends them in one call.
--
-- Each order is checked and answered on its own, in the order given, as place_order (0014) does: the
-- Idempotency-Key, the unpaid-order cap (counting the orders placed earlier in the batch), the stock at
-- the price read. A refusal is a row, not an error, so one refused order leaves the others placed. Row
-- `n` answers the n-th order; a key already held answers 'key-held', and the caller answers the key's
-- order. An error (a customer deleted meanwhile) rolls the whole batch back; the caller then sends its
-- orders one by one.
--
-- Locks are taken in one order, so that two batches never wait on each other: every customer of the
-- batch first (their advisory locks, sorted), then their keys, then the tool's row at the first stock
-- taken. So a batch is one tool's orders: the rows of several tools would be locked in the batch's
-- order, not sorted. place_order takes a key before its customer; the two meet only while processes of the release
-- before this one still run (a rolling deploy), and then only for one customer's same key sent twice at
-- once, which PostgreSQL's deadlock check answers with an error for one of them. A later migration
-- drops place_order.
--
-- Plans are kept, on indexes, as for place_order (0016).
CREATE FUNCTION place_orders(
  p_users uuid[],
  p_emails text[],
  p_tools uuid[],
  p_quantities integer[],
  p_addresses text[],
  p_phones text[],
  p_keys text[],
  p_request_hashes text[],
  p_max_unpaid integer,
  p_max_total_cents bigint,
  p_key_cutoff timestamptz
) RETURNS TABLE (
  n integer, refusal text, detail text,
  id uuid, tool_id uuid, name text, address text, phone text, email text, image text,
  total_cents integer, unit_price_cents integer, quantity integer, status text,
  transaction_id text, created_at timestamptz, cancel_reason text
) LANGUAGE plpgsql SET enable_seqscan = off SET enable_bitmapscan = off AS $$
#variable_conflict use_column
DECLARE
  customer_lock integer;
  claimed tid;
  held integer;
  tool record;
  placed_id uuid;
BEGIN
  IF array_length(p_users, 1) = 1 THEN
    -- An order alone (most are): its customer's lock without sorting a list of one.
    PERFORM pg_advisory_xact_lock(hashtext(p_users[1]::text));
  ELSE
    FOR customer_lock IN
      SELECT DISTINCT hashtext(u::text) FROM unnest(p_users) AS u ORDER BY 1
    LOOP
      PERFORM pg_advisory_xact_lock(customer_lock);
    END LOOP;
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_users, 1), 0) LOOP
    -- Each row says only its own order: nothing of the row before it.
    n := i; refusal := NULL; detail := NULL; claimed := NULL;
    id := NULL; tool_id := NULL; name := NULL; address := NULL; phone := NULL; email := NULL;
    image := NULL; total_cents := NULL; unit_price_cents := NULL; quantity := NULL; status := NULL;
    transaction_id := NULL; created_at := NULL; cancel_reason := NULL;
    IF p_keys[i] IS NOT NULL THEN
      -- Claimed, or taken over once expired, through its unique index. Held: the key's order answers.
      INSERT INTO idempotency_keys AS k (key, user_id, request_hash)
        VALUES (p_keys[i], p_users[i], p_request_hashes[i])
        ON CONFLICT (user_id, key) DO UPDATE
          SET request_hash = excluded.request_hash, status_code = NULL, response_body = NULL,
              order_id = NULL, created_at = now()
          WHERE k.created_at < p_key_cutoff
        RETURNING k.ctid INTO claimed;
      IF NOT FOUND THEN
        refusal := 'key-held';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    -- The count sees the orders this batch placed already: the cap holds within the batch too.
    SELECT count(*)::integer INTO held FROM (
      SELECT 1 FROM orders o WHERE o.user_id = p_users[i] AND o.status = 'unpaid' LIMIT p_max_unpaid
    ) AS unpaid;
    IF held >= p_max_unpaid THEN
      DELETE FROM idempotency_keys WHERE ctid = claimed;
      refusal := 'unpaid-cap';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- The stock, taken at the price it is read at, never below zero however many orders race.
    UPDATE tools t SET available_quantity = t.available_quantity - p_quantities[i]
      WHERE t.id = p_tools[i] AND t.available_quantity >= p_quantities[i]
        AND t.min_quantity <= p_quantities[i]
        AND t.price_cents::bigint * p_quantities[i] <= p_max_total_cents
      RETURNING t.id, t.name, t.image, t.price_cents INTO tool;
    IF NOT FOUND THEN
      -- The tool as it is now says why (the caller words it): none, too few, too many, or too dear.
      DELETE FROM idempotency_keys WHERE ctid = claimed;
      refusal := 'not-orderable';
      detail := (SELECT json_build_object('name', t.name, 'priceCents', t.price_cents,
          'minQuantity', t.min_quantity, 'availableQuantity', t.available_quantity)::text
        FROM tools t WHERE t.id = p_tools[i]);
      RETURN NEXT;
      CONTINUE;
    END IF;

    INSERT INTO orders AS o (user_id, email, tool_id, name, image, unit_price_cents, quantity, total_cents, address, phone)
      VALUES (p_users[i], p_emails[i], tool.id, tool.name, tool.image, tool.price_cents, p_quantities[i],
              tool.price_cents * p_quantities[i], p_addresses[i], p_phones[i])
      RETURNING o.id, o.tool_id, o.name, o.address, o.phone, o.email, o.image, o.total_cents,
        o.unit_price_cents, o.quantity, o.status, o.transaction_id, o.created_at, o.cancel_reason
      INTO id, tool_id, name, address, phone, email, image, total_cents, unit_price_cents, quantity,
        status, transaction_id, created_at, cancel_reason;
    placed_id := id;
    INSERT INTO order_status_history (order_id, status) VALUES (placed_id, 'unpaid');
    IF claimed IS NOT NULL THEN
      UPDATE idempotency_keys SET status_code = 201, order_id = placed_id WHERE ctid = claimed;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
