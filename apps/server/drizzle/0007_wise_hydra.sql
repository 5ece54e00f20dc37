DROP INDEX "bus_order_express_nos_gin";--> statement-breakpoint
DROP INDEX "bus_order_receiving_nos_gin";--> statement-breakpoint
CREATE INDEX "bus_order_express_nos_gin" ON "bus_order" USING gin ("express_nos") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "bus_order_receiving_nos_gin" ON "bus_order" USING gin ("receiving_nos") WITH (fastupdate=false);