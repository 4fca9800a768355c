ALTER TABLE "oauth_states" ADD COLUMN "redirect_uri" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "lang" text DEFAULT 'en_US' NOT NULL;