-- Cross-instance invalidation of in-process caches (docs/architecture.md, 'Caches'): every instance LISTENs on
-- 'theone_cache' and drops what depends on the table a notification names. One notification per statement (and one
-- per table per transaction: PostgreSQL folds identical notifications), whoever writes: an instance, an import, a
-- script or psql.
CREATE OR REPLACE FUNCTION theone_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('theone_cache', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bas_mark_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bas_mark FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_cache();
--> statement-breakpoint
CREATE TRIGGER bas_geog_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bas_geog FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_cache();
--> statement-breakpoint
CREATE TRIGGER bas_warehouse_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bas_warehouse FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_cache();
--> statement-breakpoint
CREATE TRIGGER sys_config_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_config FOR EACH STATEMENT EXECUTE FUNCTION theone_notify_cache();
