DROP INDEX "payment_orders_chain_tx";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "created_block" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_chain_tx_paid" ON "payment_orders" USING btree ("chain_id","tx_hash") WHERE "payment_orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payment_orders_chain_tx" ON "payment_orders" USING btree ("chain_id","tx_hash");