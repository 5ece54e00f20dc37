CREATE TABLE "sys_auth_epoch" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "sys_auth_epoch" ("id", "epoch") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION theone_bump_auth_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sys_auth_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_role_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role FOR EACH STATEMENT EXECUTE FUNCTION theone_bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER sys_role_menu_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_menu FOR EACH STATEMENT EXECUTE FUNCTION theone_bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER sys_menu_auth_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_menu FOR EACH STATEMENT EXECUTE FUNCTION theone_bump_auth_epoch();
