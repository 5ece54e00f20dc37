-- Home dashboard (GET /bus/index, apps/server/src/modules/home/home.service.ts).
-- Hand-written (drizzle-kit generate --custom): the indexes and triggers below are not in the Drizzle table
-- definitions, so later generated migrations neither see nor drop them.

-- Open work only (staged, in warehouse, out for delivery, signed and not fully written off, open problem items):
-- the queue counts are one index-only scan of this small index, whatever the size of the order history.
CREATE INDEX IF NOT EXISTS "bus_order_home_queue_idx" ON "bus_order" ("status", "mark_id")
  INCLUDE ("ar_write_status", "if_exception", "arrived_volume")
  WHERE "status" IN (0, 2, 7) OR ("status" = 8 AND "ar_write_status" < 2) OR "if_exception" = 1;
--> statement-breakpoint
-- The 30-day chart (orders, weight, volume per day): an index-only range scan on order_time.
CREATE INDEX IF NOT EXISTS "bus_order_home_day_idx" ON "bus_order" ("order_time")
  INCLUDE ("mark_id", "cargo_weight", "cargo_volume", "arrived_weight", "arrived_volume");
--> statement-breakpoint
-- Change marker: bumped once per statement that changes orders or marks (a mark's sales or service person moves
-- the 'self' data scope). A sequence is not transactional, so concurrent writers never wait on it; the dashboard
-- keeps its figures per data scope until the marker moves.
CREATE SEQUENCE IF NOT EXISTS "home_change_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_change_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('home_change_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "bus_order_home_change" ON "bus_order";
--> statement-breakpoint
CREATE TRIGGER "bus_order_home_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bus_order"
  FOR EACH STATEMENT EXECUTE FUNCTION "home_change_bump"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "bas_mark_home_change" ON "bas_mark";
--> statement-breakpoint
CREATE TRIGGER "bas_mark_home_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bas_mark"
  FOR EACH STATEMENT EXECUTE FUNCTION "home_change_bump"();
