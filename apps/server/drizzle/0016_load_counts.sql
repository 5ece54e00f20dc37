ALTER TABLE "bus_load" ADD COLUMN "total_planned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_loaded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_arrived" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_signed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "loaded_pieces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "bus_load" l SET "total_planned" = s.planned, "total_loaded" = s.loaded, "total_arrived" = s.arrived,
       "total_signed" = s.signed, "loaded_pieces" = s.loaded_pieces
  FROM (SELECT load_id, count(*) FILTER (WHERE status = 3)::int AS planned,
               count(*) FILTER (WHERE status >= 4)::int AS loaded,
               count(*) FILTER (WHERE status >= 6)::int AS arrived,
               count(*) FILTER (WHERE status = 8)::int AS signed,
               coalesce(sum(arrived_piece) FILTER (WHERE status >= 4), 0)::int AS loaded_pieces
          FROM "bus_order" WHERE load_id IS NOT NULL GROUP BY load_id) s
 WHERE l.id = s.load_id;
