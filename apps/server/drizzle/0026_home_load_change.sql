-- The home dashboard's arriving containers (loads in transit due today, their latest milestone, their arrive
-- record, the caller's orders in them) are kept per load scope like its figures: the statements that change loads,
-- milestones, pick-up records or the parties of a load bump the same change marker as orders and marks (0006).
DROP TRIGGER IF EXISTS "bus_load_home_change" ON "bus_load";
--> statement-breakpoint
CREATE TRIGGER "bus_load_home_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bus_load"
  FOR EACH STATEMENT EXECUTE FUNCTION "home_change_bump"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "bus_track_home_change" ON "bus_track";
--> statement-breakpoint
CREATE TRIGGER "bus_track_home_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bus_track"
  FOR EACH STATEMENT EXECUTE FUNCTION "home_change_bump"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "bus_arrive_home_change" ON "bus_arrive";
--> statement-breakpoint
CREATE TRIGGER "bus_arrive_home_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bus_arrive"
  FOR EACH STATEMENT EXECUTE FUNCTION "home_change_bump"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "bus_load_party_home_change" ON "bus_load_party";
--> statement-breakpoint
CREATE TRIGGER "bus_load_party_home_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bus_load_party"
  FOR EACH STATEMENT EXECUTE FUNCTION "home_change_bump"();
