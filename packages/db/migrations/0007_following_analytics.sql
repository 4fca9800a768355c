CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"url" text NOT NULL,
	"path" text NOT NULL,
	"route" text,
	"title" text,
	"referrer" text,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visitor_id" text,
	"session_id" text,
	"user_id" integer,
	"lang" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_following" (
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "coin_following_user_id_coin_id_pk" PRIMARY KEY("user_id","coin_id")
);
--> statement-breakpoint
ALTER TABLE "coin_following" ADD CONSTRAINT "coin_following_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_following" ADD CONSTRAINT "coin_following_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");