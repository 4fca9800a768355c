CREATE TABLE "signal_progress" (
	"coin_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"candle_time" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "signal_progress_coin_id_timeframe_pk" PRIMARY KEY("coin_id","timeframe")
);
--> statement-breakpoint
ALTER TABLE "signal_progress" ADD CONSTRAINT "signal_progress_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candles_timeframe_open_time_idx" ON "candles" USING btree ("timeframe","open_time");