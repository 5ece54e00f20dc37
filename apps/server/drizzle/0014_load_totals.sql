ALTER TABLE "bus_load" ADD COLUMN "total_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_pieces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_weight" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_volume" numeric(16, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_load" ADD COLUMN "total_ar" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "bus_load" l SET "total_orders" = s.n, "total_pieces" = s.pieces, "total_weight" = s.weight, "total_volume" = s.volume, "total_ar" = s.ar
  FROM (SELECT load_id, count(*)::int AS n, coalesce(sum(arrived_piece), 0)::int AS pieces, coalesce(sum(arrived_weight), 0) AS weight,
               coalesce(sum(arrived_volume), 0) AS volume, coalesce(sum(fee_ar_amount), 0) AS ar
          FROM "bus_order" WHERE load_id IS NOT NULL GROUP BY load_id) s
 WHERE l.id = s.load_id;
