CREATE TYPE "public"."flow_window" AS ENUM('30m', '1h', '1d', '7d');--> statement-breakpoint
CREATE TYPE "public"."milestone_kind" AS ENUM('roadmap', 'process');--> statement-breakpoint
CREATE TABLE "coin_chain_daily" (
	"coin_id" text NOT NULL,
	"day" date NOT NULL,
	"transactions" integer NOT NULL,
	"active_addresses" integer NOT NULL,
	"new_addresses" integer NOT NULL,
	"transfer_volume" numeric NOT NULL,
	"large_transfers" integer NOT NULL,
	CONSTRAINT "coin_chain_daily_coin_id_day_pk" PRIMARY KEY("coin_id","day")
);
--> statement-breakpoint
CREATE TABLE "coin_flows" (
	"coin_id" text NOT NULL,
	"window" "flow_window" NOT NULL,
	"inflow" numeric NOT NULL,
	"outflow" numeric NOT NULL,
	"netflow" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_flows_coin_id_window_pk" PRIMARY KEY("coin_id","window")
);
--> statement-breakpoint
CREATE TABLE "coin_holders" (
	"coin_id" text NOT NULL,
	"rank" integer NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"exchange_id" integer,
	"balance" numeric NOT NULL,
	"change_24h" numeric,
	"first_seen_at" timestamp with time zone,
	CONSTRAINT "coin_holders_coin_id_rank_pk" PRIMARY KEY("coin_id","rank")
);
--> statement-breakpoint
CREATE TABLE "coin_milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" text NOT NULL,
	"kind" "milestone_kind" NOT NULL,
	"at" date NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"done" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_repos" (
	"coin_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"stars" integer NOT NULL,
	"forks" integer NOT NULL,
	"watchers" integer NOT NULL,
	"commits" integer NOT NULL,
	"commits_30d" integer NOT NULL,
	"contributors" integer NOT NULL,
	"open_issues" integer NOT NULL,
	"last_commit_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone,
	"weekly_commits" jsonb
);
--> statement-breakpoint
CREATE TABLE "coin_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"from_label" text,
	"to_label" text,
	"amount" numeric NOT NULL,
	"value_usd" numeric NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_balances" (
	"exchange_id" integer NOT NULL,
	"coin_id" text NOT NULL,
	"balance" numeric NOT NULL,
	"change_24h" numeric,
	"change_7d" numeric,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_balances_exchange_id_coin_id_pk" PRIMARY KEY("exchange_id","coin_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_flows" (
	"exchange_id" integer NOT NULL,
	"window" "flow_window" NOT NULL,
	"inflow" numeric NOT NULL,
	"outflow" numeric NOT NULL,
	"netflow" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_flows_exchange_id_window_pk" PRIMARY KEY("exchange_id","window")
);
--> statement-breakpoint
ALTER TABLE "coin_chain_daily" ADD CONSTRAINT "coin_chain_daily_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_flows" ADD CONSTRAINT "coin_flows_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_holders" ADD CONSTRAINT "coin_holders_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_holders" ADD CONSTRAINT "coin_holders_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_milestones" ADD CONSTRAINT "coin_milestones_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_repos" ADD CONSTRAINT "coin_repos_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_transfers" ADD CONSTRAINT "coin_transfers_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_balances" ADD CONSTRAINT "exchange_balances_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_balances" ADD CONSTRAINT "exchange_balances_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_flows" ADD CONSTRAINT "exchange_flows_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_flows_window_net_idx" ON "coin_flows" USING btree ("window","netflow");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_holders_address_uq" ON "coin_holders" USING btree ("coin_id","address");--> statement-breakpoint
CREATE INDEX "coin_milestones_coin_idx" ON "coin_milestones" USING btree ("coin_id","kind","at");--> statement-breakpoint
CREATE INDEX "coin_repos_stars_idx" ON "coin_repos" USING btree ("stars");--> statement-breakpoint
CREATE INDEX "coin_repos_commits30d_idx" ON "coin_repos" USING btree ("commits_30d");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_transfers_tx_uq" ON "coin_transfers" USING btree ("coin_id","tx_hash");--> statement-breakpoint
CREATE INDEX "coin_transfers_coin_at_idx" ON "coin_transfers" USING btree ("coin_id","at");--> statement-breakpoint
CREATE INDEX "exchange_balances_coin_idx" ON "exchange_balances" USING btree ("coin_id","balance");--> statement-breakpoint
CREATE INDEX "exchange_flows_window_net_idx" ON "exchange_flows" USING btree ("window","netflow");