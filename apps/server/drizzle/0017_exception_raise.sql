ALTER TABLE "bus_order" ADD COLUMN "exception_raise_by" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bus_order" ADD COLUMN "exception_raise_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bus_order_exception_idx" ON "bus_order" USING btree ("exception_status","exception_raise_time" DESC NULLS LAST) WHERE "bus_order"."exception_status" IS NOT NULL;