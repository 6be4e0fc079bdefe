CREATE TYPE "public"."portfolio_tx_kind" AS ENUM('BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT');--> statement-breakpoint
CREATE TABLE "portfolio_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"portfolio_id" integer NOT NULL,
	"coin_id" text NOT NULL,
	"coin_symbol" text NOT NULL,
	"coin_name" text NOT NULL,
	"kind" "portfolio_tx_kind" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"quantity" numeric NOT NULL,
	"price" numeric,
	"currency" text NOT NULL,
	"usd_rate" numeric NOT NULL,
	"fee" numeric DEFAULT '0' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_transactions" ADD CONSTRAINT "portfolio_transactions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_transactions_portfolio_at_idx" ON "portfolio_transactions" USING btree ("portfolio_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_transactions_client_uq" ON "portfolio_transactions" USING btree ("portfolio_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolios_user_name_uq" ON "portfolios" USING btree ("user_id","name");