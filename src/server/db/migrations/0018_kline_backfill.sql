CREATE TABLE "kline_backfill" (
	"coin_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"instrument" text NOT NULL,
	"done" text[] DEFAULT '{}'::text[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kline_backfill" ADD CONSTRAINT "kline_backfill_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;