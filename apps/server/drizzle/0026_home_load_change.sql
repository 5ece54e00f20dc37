-- The home dashboard's arriving containers (loads in transit due today, their latest milestone, their arrive
-- record, the caller's orders in them) are kept per load scope like its figures: the statements that change loads,
-- milestones, pick-up records or the parties of a load bump the same change marker as orders and marks (0006).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bus_load', 'bus_track', 'bus_arrive', 'bus_load_party'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_home_change', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION home_change_bump()',
      t || '_home_change', t);
  END LOOP;
END
$$;
