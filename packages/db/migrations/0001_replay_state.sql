CREATE TABLE "replay_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"start_ms" bigint NOT NULL,
	"speed" double precision NOT NULL,
	"anchor_wall_ms" bigint NOT NULL
);
