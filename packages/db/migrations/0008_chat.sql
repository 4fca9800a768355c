CREATE TABLE "ai_contents" (
	"coin_id" integer NOT NULL,
	"kind" text NOT NULL,
	"candle_time" bigint NOT NULL,
	"lang" text NOT NULL,
	"by" text NOT NULL,
	"content" jsonb NOT NULL,
	"generated_at" bigint NOT NULL,
	CONSTRAINT "ai_contents_coin_id_kind_candle_time_lang_pk" PRIMARY KEY("coin_id","kind","candle_time","lang")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"by" text,
	"based_on" jsonb,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"bias" text NOT NULL,
	"entry_low" double precision NOT NULL,
	"entry_high" double precision NOT NULL,
	"target" double precision,
	"invalidation" double precision NOT NULL,
	"horizon_hours" double precision NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_generations" (
	"user_id" integer NOT NULL,
	"coin_id" integer NOT NULL,
	"candle_time" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "strategy_generations_user_id_coin_id_candle_time_pk" PRIMARY KEY("user_id","coin_id","candle_time")
);
--> statement-breakpoint
ALTER TABLE "ai_contents" ADD CONSTRAINT "ai_contents_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_plans" ADD CONSTRAINT "paper_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_plans" ADD CONSTRAINT "paper_plans_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_generations" ADD CONSTRAINT "strategy_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_generations" ADD CONSTRAINT "strategy_generations_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation" ON "chat_messages" USING btree ("user_id","coin_id","id");--> statement-breakpoint
CREATE INDEX "paper_plans_user_coin" ON "paper_plans" USING btree ("user_id","coin_id","id");