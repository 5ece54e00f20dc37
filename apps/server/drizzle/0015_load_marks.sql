ALTER TABLE "bus_load" ADD COLUMN "mark_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
CREATE INDEX "bus_load_mark_ids_gin" ON "bus_load" USING gin ("mark_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "bus_load_create_by_idx" ON "bus_load" USING btree ("create_by");--> statement-breakpoint
UPDATE "bus_load" l SET "mark_ids" = s.marks
  FROM (SELECT load_id, array_agg(DISTINCT mark_id ORDER BY mark_id) AS marks
          FROM "bus_order" WHERE load_id IS NOT NULL AND mark_id IS NOT NULL GROUP BY load_id) s
 WHERE l.id = s.load_id;
