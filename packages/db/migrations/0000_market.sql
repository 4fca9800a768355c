CREATE TABLE "candles" (
	"coin_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	CONSTRAINT "candles_coin_id_timeframe_open_time_pk" PRIMARY KEY("coin_id","timeframe","open_time")
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"trading_pair" text NOT NULL,
	"cmc_id" integer,
	"cmc_rank" integer,
	"coingecko_id" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icon" text NOT NULL,
	"icon_is_generic" boolean DEFAULT false NOT NULL,
	"brand_color" text,
	"is_stablecoin" boolean DEFAULT false NOT NULL,
	"circulating_supply" double precision,
	"total_supply" double precision,
	"max_supply" double precision,
	"supply_as_of" text,
	"contracts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"website" text,
	"description" text,
	"timeframes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "coins_symbol_unique" UNIQUE("symbol"),
	CONSTRAINT "coins_slug_unique" UNIQUE("slug"),
	CONSTRAINT "coins_cmc_id_unique" UNIQUE("cmc_id")
);
--> statement-breakpoint
CREATE TABLE "data_imports" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"rows" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fear_greed" (
	"day" date PRIMARY KEY NOT NULL,
	"value" smallint NOT NULL,
	"classification" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_market" (
	"day" date PRIMARY KEY NOT NULL,
	"total_market_cap" double precision NOT NULL,
	"btc_dominance" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;