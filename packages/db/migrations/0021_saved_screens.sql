CREATE TABLE "saved_screens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"timeframe" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_matches" (
	"screen_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"matched" boolean NOT NULL,
	"candle_time" bigint NOT NULL,
	"screen_updated_at" bigint NOT NULL,
	CONSTRAINT "screen_matches_screen_id_coin_id_pk" PRIMARY KEY("screen_id","coin_id")
);
--> statement-breakpoint
ALTER TABLE "saved_screens" ADD CONSTRAINT "saved_screens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_matches" ADD CONSTRAINT "screen_matches_screen_id_saved_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."saved_screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_matches" ADD CONSTRAINT "screen_matches_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_screens_user_idx" ON "saved_screens" USING btree ("user_id");