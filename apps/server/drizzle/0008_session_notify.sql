-- Session-cache invalidation (ADR 0005): every instance LISTENs on 'theone_auth' and drops what a notification names.
-- 'session:<id>' a session revoked or extended; 'user:<id>' a user changed (status, password, department, language,
-- roles held); '*' anything that changes many users at once (role or menu changes via the auth epoch, departments).
CREATE OR REPLACE FUNCTION theone_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('theone_auth', 'session:' || OLD.session_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_session_notify AFTER UPDATE OR DELETE ON sys_session FOR EACH ROW EXECUTE FUNCTION theone_notify_session();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION theone_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('theone_auth', 'user:' || OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_user_notify AFTER UPDATE OR DELETE ON sys_user FOR EACH ROW EXECUTE FUNCTION theone_notify_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION theone_notify_user_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('theone_auth', 'user:' || NEW.user_id);
  ELSE
    PERFORM pg_notify('theone_auth', 'user:' || OLD.user_id);
    IF TG_OP = 'UPDATE' THEN PERFORM pg_notify('theone_auth', 'user:' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_user_role_notify AFTER INSERT OR UPDATE OR DELETE ON sys_user_role FOR EACH ROW EXECUTE FUNCTION theone_notify_user_role();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION theone_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('theone_auth', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_dept_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_dept FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_all();
--> statement-breakpoint
CREATE TRIGGER sys_auth_epoch_notify AFTER UPDATE ON sys_auth_epoch FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_all();
--> statement-breakpoint
CREATE TRIGGER sys_user_truncate_notify AFTER TRUNCATE ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_all();
--> statement-breakpoint
CREATE TRIGGER sys_session_truncate_notify AFTER TRUNCATE ON sys_session FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_all();
