CREATE TABLE "record_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"stated_at" bigint NOT NULL,
	"appended_at" bigint NOT NULL,
	"body" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "record_entries_ref_unique" ON "record_entries" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "record_entries_kind_seq_idx" ON "record_entries" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "record_entries_appended_idx" ON "record_entries" USING btree ("appended_at");