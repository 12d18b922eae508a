-- Api instances keep hot answers in memory (the device list, the records page:
-- apps/api/src/lib/answer-cache.ts). Every statement that changes a row those answers read tells
-- them, after commit, on the channel sbo_answers: the distinct merchants it touched, comma-separated
-- (`*`, every merchant, when the list would not fit a notification or a table is truncated). One
-- notification per statement, not per row: the gateway writes machine states in batches.
-- TG_ARGV[0] is a query giving the merchant of each changed row, `%s` standing for the transition
-- table (new_rows or old_rows). TG_ARGV[1], when given, names the kind of change for tables that only
-- some answers read (`state:` machine states, read by the device list only; `sales:` sales and their
-- daily rollups, read by the records page only): the payload then starts with it. Those tables never
-- move a row to another merchant, so an update is judged by its new rows alone.
CREATE FUNCTION sbo_notify_answers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('sbo_answers', '*');
    RETURN NULL;
  END IF;
  EXECUTE format('select string_agg(distinct m::text, '','') from (%s) x(m)',
    CASE TG_OP
      WHEN 'INSERT' THEN format(TG_ARGV[0], 'new_rows')
      WHEN 'DELETE' THEN format(TG_ARGV[0], 'old_rows')
      ELSE CASE WHEN TG_NARGS > 1
        THEN format(TG_ARGV[0], 'new_rows')
        ELSE format(TG_ARGV[0], 'new_rows') || ' union all ' || format(TG_ARGV[0], 'old_rows') END
    END) INTO touched;
  IF touched IS NOT NULL THEN
    PERFORM pg_notify('sbo_answers', CASE WHEN TG_NARGS > 1 THEN TG_ARGV[1] || ':' ELSE '' END
      || CASE WHEN length(touched) > 7000 THEN '*' ELSE touched END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN
    SELECT * FROM (VALUES
      ('devices', 'select r.merchant_id from %s r', NULL),
      ('device_hardware', 'select d.merchant_id from %s r join devices d on d.id = r.device_id', NULL),
      ('device_state', 'select d.merchant_id from %s r join device_hardware h on h.hwid = r.hwid join devices d on d.id = h.device_id', 'state'),
      ('places', 'select r.merchant_id from %s r', NULL),
      ('product_templates', 'select r.merchant_id from %s r', NULL),
      ('promotions', 'select r.merchant_id from %s r', NULL),
      ('promotion_devices', 'select r.merchant_id from %s r', NULL),
      ('transactions', 'select r.merchant_id from %s r', 'sales'),
      ('revenue_daily', 'select r.merchant_id from %s r', 'sales'),
      ('revenue_daily_place', 'select r.merchant_id from %s r', 'sales')
    ) AS t(name, merchants, kind)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%s)', source.name || '_answers_insert', source.name,
      concat_ws(', ', quote_literal(source.merchants), quote_literal(source.kind)));
    IF source.kind IS NULL THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L)', source.name || '_answers_update', source.name, source.merchants);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L, %L)', source.name || '_answers_update', source.name,
        source.merchants, source.kind);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%s)', source.name || '_answers_delete', source.name,
      concat_ws(', ', quote_literal(source.merchants), quote_literal(source.kind)));
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L)', source.name || '_answers_truncate', source.name, source.merchants);
  END LOOP;
END $$;
