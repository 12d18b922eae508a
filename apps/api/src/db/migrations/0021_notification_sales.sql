-- Money events become notification work like device faults (0020): a checkout order refunded because
-- its machine did not start, and a sale a machine reported that no payment confirms (status 97).
CREATE FUNCTION notify_order_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'refunded' THEN
    INSERT INTO background_jobs (queue, payload, dedupe_key, run_at, max_attempts)
    VALUES ('notify.order', jsonb_build_object('orderId', NEW.order_id), NEW.id::text, 'epoch', 6)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER checkout_order_events_notify AFTER INSERT ON checkout_order_events FOR EACH ROW EXECUTE FUNCTION notify_order_refunded();
--> statement-breakpoint
CREATE FUNCTION notify_unverified_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 97 THEN
    INSERT INTO background_jobs (queue, payload, dedupe_key, run_at, max_attempts)
    VALUES ('notify.sale', jsonb_build_object('saleId', NEW.id), NEW.id::text, 'epoch', 6)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_notify AFTER INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION notify_unverified_sale();
