CREATE TABLE "news_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_filters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"filter" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_impact" (
	"news_id" text NOT NULL,
	"symbol" text NOT NULL,
	"horizon" text NOT NULL,
	"change_pct" double precision NOT NULL,
	"sentiment" text NOT NULL,
	"topic" text,
	"published_at" bigint NOT NULL,
	CONSTRAINT "news_impact_news_id_symbol_horizon_pk" PRIMARY KEY("news_id","symbol","horizon")
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" text PRIMARY KEY NOT NULL,
	"url_norm" text NOT NULL,
	"url" text NOT NULL,
	"source" text NOT NULL,
	"origin" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"published_at" bigint NOT NULL,
	"coins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ingested_at" bigint NOT NULL,
	"sentiment" text,
	"sentiment_score" double precision,
	"importance" smallint,
	"heat" double precision,
	"cluster_id" text,
	"coin_trends" jsonb,
	"topic" text,
	"interpretation_en" text,
	"interpretation_zh" text,
	"title_zh" text,
	"interpreted_by" text,
	"interpreted_at" bigint,
	CONSTRAINT "news_items_url_norm_unique" UNIQUE("url_norm")
);
--> statement-breakpoint
CREATE TABLE "news_story_of_day" (
	"day" text NOT NULL,
	"lang" text NOT NULL,
	"cluster_id" text NOT NULL,
	"news_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"by" text NOT NULL,
	"generated_at" bigint NOT NULL,
	CONSTRAINT "news_story_of_day_day_lang_pk" PRIMARY KEY("day","lang")
);
--> statement-breakpoint
ALTER TABLE "news_impact" ADD CONSTRAINT "news_impact_news_id_news_items_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_impact_similar_idx" ON "news_impact" USING btree ("symbol","horizon","sentiment");--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "news_items_cluster_idx" ON "news_items" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "news_items_uninterpreted_idx" ON "news_items" USING btree ("interpreted_at","published_at");