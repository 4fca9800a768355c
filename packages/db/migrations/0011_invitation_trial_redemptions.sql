CREATE TABLE "trial_redemptions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"code" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trial_redemptions" ADD CONSTRAINT "trial_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Trials granted before this table: one redemption per invitee e-mail (canonical form as in canonicalEmail()).
INSERT INTO "trial_redemptions" ("email_hash", "user_id", "code", "created_at")
SELECT encode(sha256(convert_to(
  CASE WHEN split_part(lower(u.email), '@', 2) IN ('gmail.com', 'googlemail.com')
    THEN replace(regexp_replace(split_part(lower(u.email), '@', 1), '\+.*$', ''), '.', '') || '@gmail.com'
    ELSE regexp_replace(split_part(lower(u.email), '@', 1), '\+.*$', '') || '@' || split_part(lower(u.email), '@', 2)
  END, 'UTF8')), 'hex'), b.invitee_id, b.code, b.created_at
FROM "invitation_bindings" b JOIN "users" u ON u.id = b.invitee_id
WHERE u.email IS NOT NULL
ON CONFLICT DO NOTHING;
