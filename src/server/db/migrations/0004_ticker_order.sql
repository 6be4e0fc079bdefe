DROP INDEX "tickers_volume_idx";--> statement-breakpoint
CREATE INDEX "tickers_volume_order_idx" ON "tickers" USING btree ("volume_24h" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tickers_market_volume_order_idx" ON "tickers" USING btree ("market","volume_24h" DESC NULLS LAST,"id");