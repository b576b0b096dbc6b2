-- place_orders (0018) counted the customer's unpaid orders for each order of a batch. Since decision
-- 0029 one customer's orders for one tool that arrive together go in one batch, one after another: the
-- count is taken for the first of them and kept, one more for each order placed. It cannot go stale:
-- only place_orders adds unpaid orders, under the customer's lock, which the batch holds; a payment or
-- an expiry meanwhile only lowers the count, so the kept one errs on the side of the cap. A customer
-- allowed many unpaid orders (MAX_UNPAID_ORDERS_PER_CUSTOMER) no longer pays for counting them all,
-- again and again, in one call. Same arguments and answers: the release before this one calls it as
-- before during a rolling deploy.
CREATE OR REPLACE FUNCTION place_orders(
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
  counted uuid;
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

    -- Counted once for a run of one customer's orders, then kept: the cap holds within the batch too.
    IF p_users[i] IS DISTINCT FROM counted THEN
      SELECT count(*)::integer INTO held FROM (
        SELECT 1 FROM orders o WHERE o.user_id = p_users[i] AND o.status = 'unpaid' LIMIT p_max_unpaid
      ) AS unpaid;
      counted := p_users[i];
    END IF;
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
    held := held + 1;
    INSERT INTO order_status_history (order_id, status) VALUES (placed_id, 'unpaid');
    IF claimed IS NOT NULL THEN
      UPDATE idempotency_keys SET status_code = 201, order_id = placed_id WHERE ctid = claimed;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
