CREATE TABLE "bus_load_party" (
	"load_id" bigint NOT NULL,
	"kind" char(1) NOT NULL,
	"ref_id" bigint NOT NULL,
	"orders" integer NOT NULL,
	"loaded" integer NOT NULL,
	"marks" integer NOT NULL,
	"pieces" integer NOT NULL,
	"weight" numeric(16, 2) NOT NULL,
	"volume" numeric(16, 3) NOT NULL,
	"ar" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bus_load_party_ref_idx" ON "bus_load_party" USING btree ("kind","ref_id","load_id");--> statement-breakpoint
CREATE INDEX "bus_load_party_load_idx" ON "bus_load_party" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "bus_load_status_sums_idx" ON "bus_load" USING btree ("status","container_fee","total_orders","total_pieces","total_weight","total_volume","total_ar");
--> statement-breakpoint
INSERT INTO "bus_load_party" (load_id, kind, ref_id, orders, loaded, marks, pieces, weight, volume, ar)
SELECT o.load_id, p.kind, p.ref_id, count(*)::int, count(*) FILTER (WHERE o.status >= 4)::int,
       count(DISTINCT o.mark_id)::int, coalesce(sum(o.arrived_piece), 0)::int, coalesce(sum(o.arrived_weight), 0),
       coalesce(sum(o.arrived_volume), 0), coalesce(sum(o.fee_ar_amount), 0)
  FROM "bus_order" o
  CROSS JOIN LATERAL (SELECT 'u'::char(1) AS kind, m.sales AS ref_id FROM "bas_mark" m WHERE m.id = o.mark_id AND m.sales IS NOT NULL
    UNION SELECT 'u', m.service FROM "bas_mark" m WHERE m.id = o.mark_id AND m.service IS NOT NULL
    UNION SELECT 'd', m.dept_id FROM "bas_mark" m WHERE m.id = o.mark_id AND m.dept_id IS NOT NULL) p
 WHERE o.load_id IS NOT NULL
 GROUP BY o.load_id, p.kind, p.ref_id;
