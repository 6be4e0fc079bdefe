CREATE TABLE "content_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_stored" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fear_greed" (
	"day" date PRIMARY KEY NOT NULL,
	"value" smallint NOT NULL,
	"classification" text NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_repos" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_repos" ADD COLUMN "fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coin_repos" ADD COLUMN "etags" jsonb;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
-- Rows `npm run import` stored before sources were recorded: the seeder's have no article link,
-- flash links on flash.coinlens.example and announcement links ending in its 1xxxxx numbers.
UPDATE "articles" SET "source" = 'import' WHERE "source_url" IS NOT NULL;--> statement-breakpoint
UPDATE "flash_news" SET "source" = 'import' WHERE "source_url" IS NOT NULL AND "source_url" NOT LIKE 'https://flash.coinlens.example/%';--> statement-breakpoint
UPDATE "announcements" SET "source" = 'import' WHERE "url" !~ '/support/announcement/(.*-)?1[0-9]{5}$';
