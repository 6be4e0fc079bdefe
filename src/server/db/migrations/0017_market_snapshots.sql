CREATE TYPE "public"."market_snapshot_interval" AS ENUM('5m', '1h', '1d');--> statement-breakpoint
CREATE TABLE "market_snapshots" (
	"interval" "market_snapshot_interval" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"market_cap" numeric NOT NULL,
	"volume_24h" numeric NOT NULL,
	"btc_cap" numeric NOT NULL,
	"eth_cap" numeric NOT NULL,
	"coins" integer NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_snapshots_interval_at_pk" PRIMARY KEY("interval","at")
);
