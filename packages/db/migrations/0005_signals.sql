CREATE TABLE "signal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"label" text NOT NULL,
	"direction" text NOT NULL,
	"origin" text NOT NULL,
	"candle_time" bigint NOT NULL,
	"fired_at" bigint NOT NULL,
	"entry_price" double precision NOT NULL,
	"horizon_candles" integer NOT NULL,
	"due_at" bigint NOT NULL,
	"exit_price" double precision,
	"move_pct" double precision,
	"hit" boolean,
	"scored_at" bigint
);
--> statement-breakpoint
CREATE TABLE "ta_snapshots" (
	"coin_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"candle_time" bigint NOT NULL,
	"computed_at" bigint NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "ta_snapshots_coin_id_timeframe_pk" PRIMARY KEY("coin_id","timeframe")
);
--> statement-breakpoint
ALTER TABLE "signal_events" ADD CONSTRAINT "signal_events_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ta_snapshots" ADD CONSTRAINT "ta_snapshots_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signal_events_unique" ON "signal_events" USING btree ("coin_id","timeframe","label","candle_time");--> statement-breakpoint
CREATE INDEX "signal_events_fired_idx" ON "signal_events" USING btree ("fired_at");--> statement-breakpoint
CREATE INDEX "signal_events_due_idx" ON "signal_events" USING btree ("due_at");