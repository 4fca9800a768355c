CREATE TABLE "probability_forecasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"level_price" double precision NOT NULL,
	"stated_p" double precision NOT NULL,
	"sample_n" integer NOT NULL,
	"wording" text NOT NULL,
	"horizon_candles" integer NOT NULL,
	"candle_time" bigint NOT NULL,
	"stated_at" bigint NOT NULL,
	"due_at" bigint NOT NULL,
	"origin" text NOT NULL,
	"outcome" boolean,
	"resolved_at" bigint
);
--> statement-breakpoint
CREATE TABLE "strategy_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"coin_id" integer NOT NULL,
	"term" text NOT NULL,
	"timeframe" text NOT NULL,
	"bias" text NOT NULL,
	"candle_time" bigint NOT NULL,
	"last_price" double precision NOT NULL,
	"entry_low" double precision NOT NULL,
	"entry_high" double precision NOT NULL,
	"targets" text NOT NULL,
	"invalidation" double precision NOT NULL,
	"horizon_hours" double precision NOT NULL,
	"based_on" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" bigint NOT NULL,
	"due_at" bigint NOT NULL,
	"status" text,
	"entered" boolean,
	"target_first" boolean,
	"return_pct" double precision,
	"hold_pct" double precision,
	"fee_pct" double precision,
	"scored_at" bigint
);
--> statement-breakpoint
ALTER TABLE "probability_forecasts" ADD CONSTRAINT "probability_forecasts_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_records" ADD CONSTRAINT "strategy_records_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "probability_forecasts_unique" ON "probability_forecasts" USING btree ("coin_id","timeframe","kind","side","candle_time");--> statement-breakpoint
CREATE INDEX "probability_forecasts_due_idx" ON "probability_forecasts" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_records_unique" ON "strategy_records" USING btree ("author","coin_id","term","candle_time");--> statement-breakpoint
CREATE INDEX "strategy_records_due_idx" ON "strategy_records" USING btree ("due_at");