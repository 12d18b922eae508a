-- Device faults and connection changes become notification work (docs/notifications.md): each such
-- device-log row queues one job (due at once) in the same transaction, so ingestion pays one insert and the
-- notification rules run in the background, once, on whichever instance claims the job.
CREATE FUNCTION notify_device_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.merchant_id IS NOT NULL AND NEW.device_id IS NOT NULL
     AND (NEW.content_key = 'deviceLog.error.raised' OR NEW.content_key LIKE 'deviceLog.connection.%') THEN
    INSERT INTO background_jobs (queue, payload, dedupe_key, run_at, max_attempts)
    VALUES ('notify.deviceLog', jsonb_build_object('logId', NEW.id), NEW.id::text, 'epoch', 6)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_logs_notify AFTER INSERT ON device_logs FOR EACH ROW EXECUTE FUNCTION notify_device_log();
--> statement-breakpoint
CREATE INDEX background_jobs_failed_idx ON background_jobs (queue, finished_at) WHERE status = 'failed';
