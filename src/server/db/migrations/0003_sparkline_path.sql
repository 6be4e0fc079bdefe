ALTER TABLE "coins" ADD COLUMN "sparkline_path" text;--> statement-breakpoint
ALTER TABLE "coins" ADD COLUMN "sparkline_trend" text;