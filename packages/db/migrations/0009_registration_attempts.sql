ALTER TABLE "verification_codes" ADD COLUMN "attempt" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "password_hash" text;