DROP INDEX "exchanges_rank_idx";--> statement-breakpoint
CREATE INDEX "exchanges_rank_order_idx" ON "exchanges" USING btree ("rank","name");--> statement-breakpoint
CREATE INDEX "exchanges_type_rank_order_idx" ON "exchanges" USING btree ("type","rank","name");