-- Api instances answer session checks from memory (apps/api/src/auth/session-cache.ts). Every change
-- that can refuse or alter a token (a session revoked or deleted, a user disabled or made root, a
-- membership added, changed or removed) tells them on the channel sbo_session, after commit.
CREATE FUNCTION sbo_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('sbo_session', json_build_object('s', OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('sbo_session', json_build_object('u', OLD.id)::text);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('sbo_session', json_build_object('u', OLD.user_id, 'm', OLD.merchant_id)::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('sbo_session', json_build_object('u', NEW.user_id, 'm', NEW.merchant_id)::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION sbo_notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.disabled, OLD.is_root) IS DISTINCT FROM (NEW.disabled, NEW.is_root))
  EXECUTE FUNCTION sbo_notify_session_change();--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION sbo_notify_session_change();--> statement-breakpoint
CREATE TRIGGER merchant_members_notify_change AFTER INSERT OR DELETE ON merchant_members
  FOR EACH ROW EXECUTE FUNCTION sbo_notify_session_change();--> statement-breakpoint
CREATE TRIGGER merchant_members_notify_update AFTER UPDATE ON merchant_members
  FOR EACH ROW WHEN (
    (OLD.user_id, OLD.merchant_id, OLD.role, OLD.permission_groups, OLD.suspended)
      IS DISTINCT FROM (NEW.user_id, NEW.merchant_id, NEW.role, NEW.permission_groups, NEW.suspended)
  )
  EXECUTE FUNCTION sbo_notify_session_change();
