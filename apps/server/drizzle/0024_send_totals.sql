ALTER TABLE "bus_send" ADD COLUMN "total_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_pieces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_weight" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_volume" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_signed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_fee_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_part_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_send" ADD COLUMN "total_other_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "bus_send" s SET total_orders = a.orders, total_pieces = a.pieces, total_weight = a.weight, total_volume = a.volume,
  total_signed = a.signed, total_failed = a.failed, total_returned = a.returned, total_fee_amount = a.fee,
  total_part_amount = a.part, total_other_amount = a.other
FROM (SELECT l.send_id,
        count(*) FILTER (WHERE l.returned = '0')::int AS orders,
        coalesce(sum(l.pieces) FILTER (WHERE l.returned = '0'), 0)::int AS pieces,
        coalesce(sum(o.arrived_weight) FILTER (WHERE l.returned = '0'), 0) AS weight,
        coalesce(sum(o.arrived_volume) FILTER (WHERE l.returned = '0'), 0) AS volume,
        count(*) FILTER (WHERE l.returned = '0' AND o.status = 8)::int AS signed,
        count(*) FILTER (WHERE l.returned = '0' AND o.sign_status = 2)::int AS failed,
        count(*) FILTER (WHERE l.returned = '1')::int AS returned,
        coalesce(sum(l.send_fee_amount) FILTER (WHERE l.returned = '0'), 0) AS fee,
        coalesce(sum(l.send_part_amount) FILTER (WHERE l.returned = '0'), 0) AS part,
        coalesce(sum(l.send_other_amount) FILTER (WHERE l.returned = '0'), 0) AS other
        FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id GROUP BY l.send_id) a
WHERE s.id = a.send_id;
