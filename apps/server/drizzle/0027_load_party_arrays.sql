ALTER TABLE "bus_load" ADD COLUMN "party_users" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "party_depts" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
-- The parties of each load's marks on the load itself (kept by rebuildParties with the bus_load_party rows): a
-- scoped list tests each load in its row instead of probing the party rows.
UPDATE "bus_load" l SET
  "party_users" = ARRAY(SELECT p.ref_id FROM bus_load_party p WHERE p.load_id = l.id AND p.kind = 'u' ORDER BY p.ref_id),
  "party_depts" = ARRAY(SELECT p.ref_id FROM bus_load_party p WHERE p.load_id = l.id AND p.kind = 'd' ORDER BY p.ref_id)
 WHERE EXISTS (SELECT 1 FROM bus_load_party p WHERE p.load_id = l.id);
