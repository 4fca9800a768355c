CREATE TABLE "alert_candle_cursors" (
	"symbol" text PRIMARY KEY NOT NULL,
	"last_close_ms" bigint NOT NULL
);
