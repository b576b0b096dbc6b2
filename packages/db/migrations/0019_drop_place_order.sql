-- place_order (0014, 0016) placed one order a call. Since decision 0024 the API calls place_orders, and
-- the release before this one did already, so no process that runs beside this one (a rolling deploy)
-- still calls it.
DROP FUNCTION IF EXISTS place_order(uuid, text, uuid, integer, text, text, integer, bigint, text, text, timestamptz);
