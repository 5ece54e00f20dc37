ALTER TABLE "sys_session" ADD COLUMN "last_access_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "end_reason" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "ended_by" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Session caches (ADR 0005) are told about what changes a session's validity only: revocation, expiry, sign-in
-- time, owner. The last access, written about once a minute per active session, must not empty every instance's
-- cached copy of it.
DROP TRIGGER sys_session_notify ON sys_session;
--> statement-breakpoint
CREATE TRIGGER sys_session_notify AFTER UPDATE ON sys_session FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION theone_notify_session();
--> statement-breakpoint
CREATE TRIGGER sys_session_delete_notify AFTER DELETE ON sys_session FOR EACH ROW EXECUTE FUNCTION theone_notify_session();
--> statement-breakpoint
UPDATE sys_session SET last_access_at = created_at;
