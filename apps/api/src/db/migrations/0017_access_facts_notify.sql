-- The access check's remembered facts (apps/api/src/auth/session-cache.ts) now also hold a member's
-- device whitelist and the merchant's own record (name, currency, time zone...), so a request reads
-- neither. Every change to them tells the api instances on sbo_session, after commit: a whitelist
-- switched on or off, a machine added to or taken off one, a merchant's record edited or removed.
DROP TRIGGER merchant_members_notify_update ON merchant_members;--> statement-breakpoint
CREATE TRIGGER merchant_members_notify_update AFTER UPDATE ON merchant_members
  FOR EACH ROW WHEN (
    (OLD.user_id, OLD.merchant_id, OLD.role, OLD.permission_groups, OLD.suspended, OLD.device_whitelist_enabled)
      IS DISTINCT FROM
    (NEW.user_id, NEW.merchant_id, NEW.role, NEW.permission_groups, NEW.suspended, NEW.device_whitelist_enabled)
  )
  EXECUTE FUNCTION sbo_notify_session_change();--> statement-breakpoint
CREATE FUNCTION sbo_notify_whitelist_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_user integer;
  member_merchant integer;
BEGIN
  -- A member removed takes its whitelist with it: the member's own trigger has told already.
  SELECT user_id, merchant_id INTO member_user, member_merchant FROM merchant_members
   WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.member_id ELSE NEW.member_id END;
  IF FOUND THEN
    PERFORM pg_notify('sbo_session', json_build_object('u', member_user, 'm', member_merchant)::text);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.member_id IS DISTINCT FROM NEW.member_id THEN
    SELECT user_id, merchant_id INTO member_user, member_merchant FROM merchant_members WHERE id = OLD.member_id;
    IF FOUND THEN
      PERFORM pg_notify('sbo_session', json_build_object('u', member_user, 'm', member_merchant)::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER member_device_whitelist_notify AFTER INSERT OR UPDATE OR DELETE ON member_device_whitelist
  FOR EACH ROW EXECUTE FUNCTION sbo_notify_whitelist_change();--> statement-breakpoint
CREATE FUNCTION sbo_notify_merchant_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sbo_session', json_build_object('c', OLD.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER merchants_notify_update AFTER UPDATE ON merchants
  FOR EACH ROW WHEN (
    (OLD.id, OLD.company_name, OLD.tax_id_number, OLD.admin_address, OLD.admin_username, OLD.admin_email,
     OLD.admin_phone, OLD.country, OLD.currency, OLD.timezone)
      IS DISTINCT FROM
    (NEW.id, NEW.company_name, NEW.tax_id_number, NEW.admin_address, NEW.admin_username, NEW.admin_email,
     NEW.admin_phone, NEW.country, NEW.currency, NEW.timezone)
  )
  EXECUTE FUNCTION sbo_notify_merchant_change();--> statement-breakpoint
CREATE TRIGGER merchants_notify_delete AFTER DELETE ON merchants
  FOR EACH ROW EXECUTE FUNCTION sbo_notify_merchant_change();
