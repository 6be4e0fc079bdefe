ALTER TABLE "users" ADD COLUMN "rise_fall" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rise_fall_ck" CHECK ("users"."rise_fall" in ('red-up', 'green-up', 'blue-orange'));