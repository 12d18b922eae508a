-- Api instances keep hot answers in memory (the device list, the records page:
-- apps/api/src/lib/answer-cache.ts). Every statement that changes a row those answers read tells
-- them, after commit, on the channel sbo_answers: the distinct merchants it touched, comma-separated
-- (`*`, every merchant, when the list would not fit a notification or a table is truncated). One
-- notification per statement, not per row: the gateway writes machine states in batches.
-- TG_ARGV[0] is a query giving the merchant of each changed row, `%s` standing for the transition
-- table (new_rows or old_rows).
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
      ELSE format(TG_ARGV[0], 'new_rows') || ' union all ' || format(TG_ARGV[0], 'old_rows')
    END) INTO touched;
  IF touched IS NOT NULL THEN
    PERFORM pg_notify('sbo_answers', CASE WHEN length(touched) > 7000 THEN '*' ELSE touched END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  source record;
BEGIN
  FOR source IN
    SELECT * FROM (VALUES
      ('devices', 'select r.merchant_id from %s r'),
      ('device_hardware', 'select d.merchant_id from %s r join devices d on d.id = r.device_id'),
      ('device_state', 'select d.merchant_id from %s r join device_hardware h on h.hwid = r.hwid join devices d on d.id = h.device_id'),
      ('places', 'select r.merchant_id from %s r'),
      ('product_templates', 'select r.merchant_id from %s r'),
      ('promotions', 'select r.merchant_id from %s r'),
      ('promotion_devices', 'select r.merchant_id from %s r'),
      ('transactions', 'select r.merchant_id from %s r'),
      ('revenue_daily', 'select r.merchant_id from %s r'),
      ('revenue_daily_place', 'select r.merchant_id from %s r')
    ) AS t(name, merchants)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L)', source.name || '_answers_insert', source.name, source.merchants);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L)', source.name || '_answers_update', source.name, source.merchants);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L)', source.name || '_answers_delete', source.name, source.merchants);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION sbo_notify_answers(%L)', source.name || '_answers_truncate', source.name, source.merchants);
  END LOOP;
END $$;
