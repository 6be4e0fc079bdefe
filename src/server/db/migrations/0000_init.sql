CREATE TYPE "public"."contract_type" AS ENUM('PERPETUAL', 'UPSWEEKLY', 'DOWNSWEEKLY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'BIQUARTERLY');--> statement-breakpoint
CREATE TYPE "public"."exchange_type" AS ENUM('CEX', 'DEX');--> statement-breakpoint
CREATE TYPE "public"."kline_interval" AS ENUM('1m', '5m', '15m', '1h', '4h', '1d', '1w');--> statement-breakpoint
CREATE TYPE "public"."link_kind" AS ENUM('website', 'whitepaper', 'explorer', 'repository', 'community', 'telegram');--> statement-breakpoint
CREATE TYPE "public"."market_kind" AS ENUM('spot', 'futures');--> statement-breakpoint
CREATE TYPE "public"."article_kind" AS ENUM('news', 'research');--> statement-breakpoint
CREATE TYPE "public"."content_locale" AS ENUM('en', 'zh', 'zh-hk', 'ko');--> statement-breakpoint
CREATE TYPE "public"."offering_kind" AS ENUM('ICO', 'IEO');--> statement-breakpoint
CREATE TYPE "public"."offering_status" AS ENUM('preheating', 'fundraising', 'fundraising_ended', 'coming_soon', 'upcoming', 'ongoing', 'finished', 'traded');--> statement-breakpoint
CREATE TYPE "public"."comment_target" AS ENUM('coin', 'exchange', 'offering');--> statement-breakpoint
CREATE TYPE "public"."favourite_kind" AS ENUM('COIN', 'TICKER', 'EXCHANGE');--> statement-breakpoint
CREATE TABLE "coin_concepts" (
	"coin_id" text NOT NULL,
	"concept_id" integer NOT NULL,
	CONSTRAINT "coin_concepts_coin_id_concept_id_pk" PRIMARY KEY("coin_id","concept_id")
);
--> statement-breakpoint
CREATE TABLE "coin_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" text NOT NULL,
	"kind" "link_kind" NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_tags" (
	"coin_id" text NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "coin_tags_coin_id_tag_id_pk" PRIMARY KEY("coin_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"id" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"has_icon" boolean DEFAULT false NOT NULL,
	"price" numeric,
	"change_1h" numeric,
	"change_24h" numeric,
	"change_7d" numeric,
	"change_30d" numeric,
	"change_1y" numeric,
	"circulating_supply" numeric,
	"total_supply" numeric,
	"max_supply" numeric,
	"market_cap" numeric,
	"rank" integer,
	"volume_24h" numeric,
	"high_24h" numeric,
	"low_24h" numeric,
	"ath" numeric,
	"ath_at" timestamp with time zone,
	"atl" numeric,
	"atl_at" timestamp with time zone,
	"open_yesterday" numeric,
	"close_yesterday" numeric,
	"issue_price" numeric,
	"listed_on" date,
	"first_exchange" text,
	"first_listed_at" timestamp with time zone,
	"platform" text,
	"is_token" boolean DEFAULT false NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"description" text,
	"sparkline_7d" jsonb,
	"volatility" numeric,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "concepts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"type" "exchange_type" NOT NULL,
	"country" text,
	"founded_on" date,
	"rank" integer,
	"maker_fee" numeric,
	"taker_fee" numeric,
	"reported_volume_24h" numeric,
	"has_spot" boolean DEFAULT true NOT NULL,
	"has_leverage" boolean DEFAULT false NOT NULL,
	"has_fiat" boolean DEFAULT false NOT NULL,
	"has_mining_incentive" boolean DEFAULT false NOT NULL,
	"has_futures" boolean DEFAULT false NOT NULL,
	"coin_count" integer DEFAULT 0 NOT NULL,
	"pair_count" integer DEFAULT 0 NOT NULL,
	"monthly_visits" bigint,
	"followers" integer,
	"api_delay_ms" integer,
	"web_delay_ms" integer,
	"star_rating" numeric,
	"reviewed" boolean DEFAULT false NOT NULL,
	"website" text,
	"color" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "klines" (
	"coin_id" text NOT NULL,
	"interval" "kline_interval" NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"volume" numeric NOT NULL,
	CONSTRAINT "klines_coin_id_interval_open_time_pk" PRIMARY KEY("coin_id","interval","open_time")
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"symbol" text PRIMARY KEY NOT NULL,
	"rate" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tickers" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"coin_id" text NOT NULL,
	"pair" text NOT NULL,
	"base_symbol" text NOT NULL,
	"quote_symbol" text NOT NULL,
	"market" "market_kind" DEFAULT 'spot' NOT NULL,
	"contract_type" "contract_type",
	"price" numeric,
	"price_quote" numeric,
	"volume_24h" numeric,
	"change_24h" numeric,
	"best_bid" numeric,
	"best_ask" numeric,
	"depth_plus_1" numeric,
	"depth_minus_1" numeric,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_coins" (
	"announcement_id" integer NOT NULL,
	"coin_id" text NOT NULL,
	CONSTRAINT "announcement_coins_announcement_id_coin_id_pk" PRIMARY KEY("announcement_id","coin_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text,
	"url" text NOT NULL,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcements_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "article_coins" (
	"article_id" integer NOT NULL,
	"coin_id" text NOT NULL,
	CONSTRAINT "article_coins_article_id_coin_id_pk" PRIMARY KEY("article_id","coin_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "article_kind" NOT NULL,
	"columnist_id" integer,
	"title" text NOT NULL,
	"summary" text,
	"body" text NOT NULL,
	"cover" text,
	"source_url" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "articles_source_url_unique" UNIQUE("source_url")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"starts_at" timestamp with time zone NOT NULL,
	"coin_id" text,
	"exchange_id" integer,
	"importance" integer DEFAULT 1 NOT NULL,
	"votes_up" integer DEFAULT 0 NOT NULL,
	"votes_down" integer DEFAULT 0 NOT NULL,
	"credibility" integer,
	"source" text,
	"tags" jsonb
);
--> statement-breakpoint
CREATE TABLE "columnists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"bio" text,
	"followers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "columnists_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "flash_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"source_url" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flash_news_source_url_unique" UNIQUE("source_url")
);
--> statement-breakpoint
CREATE TABLE "flash_news_coins" (
	"flash_news_id" integer NOT NULL,
	"coin_id" text NOT NULL,
	CONSTRAINT "flash_news_coins_flash_news_id_coin_id_pk" PRIMARY KEY("flash_news_id","coin_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text,
	"url" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notices_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" "offering_kind" NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"coin_id" text,
	"platform" text,
	"platform_exchange_id" integer,
	"supply" numeric,
	"goal" numeric,
	"price" numeric,
	"accept_coin" text,
	"soft_cap" numeric,
	"hard_cap" numeric,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"country" text,
	"additional_issue" boolean,
	"team" jsonb,
	"advisers" jsonb,
	"partners" jsonb,
	"rating_agencies" jsonb,
	"investors" jsonb,
	"roadmap" jsonb,
	"roi" numeric,
	"status" "offering_status" NOT NULL,
	"description" text,
	CONSTRAINT "offerings_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "announcement_subscriptions" (
	"user_id" integer NOT NULL,
	"exchange_id" integer NOT NULL,
	CONSTRAINT "announcement_subscriptions_user_id_exchange_id_pk" PRIMARY KEY("user_id","exchange_id")
);
--> statement-breakpoint
CREATE TABLE "columnist_follows" (
	"user_id" integer NOT NULL,
	"columnist_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "columnist_follows_user_id_columnist_id_pk" PRIMARY KEY("user_id","columnist_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" "comment_target" NOT NULL,
	"target_id" text NOT NULL,
	"content" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"ratings" jsonb NOT NULL,
	"overall" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "favourite_kind" NOT NULL,
	"target" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"nickname" text,
	"avatar" text,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"phone" text,
	"invitation_code" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_invitation_code_unique" UNIQUE("invitation_code")
);
--> statement-breakpoint
ALTER TABLE "coin_concepts" ADD CONSTRAINT "coin_concepts_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_concepts" ADD CONSTRAINT "coin_concepts_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_links" ADD CONSTRAINT "coin_links_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_tags" ADD CONSTRAINT "coin_tags_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_tags" ADD CONSTRAINT "coin_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klines" ADD CONSTRAINT "klines_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickers" ADD CONSTRAINT "tickers_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickers" ADD CONSTRAINT "tickers_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_coins" ADD CONSTRAINT "announcement_coins_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_coins" ADD CONSTRAINT "announcement_coins_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_coins" ADD CONSTRAINT "article_coins_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_coins" ADD CONSTRAINT "article_coins_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_columnist_id_columnists_id_fk" FOREIGN KEY ("columnist_id") REFERENCES "public"."columnists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_news_coins" ADD CONSTRAINT "flash_news_coins_flash_news_id_flash_news_id_fk" FOREIGN KEY ("flash_news_id") REFERENCES "public"."flash_news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_news_coins" ADD CONSTRAINT "flash_news_coins_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_platform_exchange_id_exchanges_id_fk" FOREIGN KEY ("platform_exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_subscriptions" ADD CONSTRAINT "announcement_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_subscriptions" ADD CONSTRAINT "announcement_subscriptions_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "columnist_follows" ADD CONSTRAINT "columnist_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "columnist_follows" ADD CONSTRAINT "columnist_follows_columnist_id_columnists_id_fk" FOREIGN KEY ("columnist_id") REFERENCES "public"."columnists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_concepts_concept_idx" ON "coin_concepts" USING btree ("concept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_links_uq" ON "coin_links" USING btree ("coin_id","kind","url");--> statement-breakpoint
CREATE INDEX "coin_tags_tag_idx" ON "coin_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coins_symbol_name_uq" ON "coins" USING btree ("symbol","name");--> statement-breakpoint
CREATE INDEX "coins_rank_idx" ON "coins" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "coins_market_cap_idx" ON "coins" USING btree ("market_cap");--> statement-breakpoint
CREATE INDEX "coins_volume_idx" ON "coins" USING btree ("volume_24h");--> statement-breakpoint
CREATE INDEX "coins_change24h_idx" ON "coins" USING btree ("change_24h");--> statement-breakpoint
CREATE INDEX "coins_change7d_idx" ON "coins" USING btree ("change_7d");--> statement-breakpoint
CREATE INDEX "coins_price_idx" ON "coins" USING btree ("price");--> statement-breakpoint
CREATE INDEX "coins_symbol_idx" ON "coins" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "exchanges_rank_idx" ON "exchanges" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "exchanges_volume_idx" ON "exchanges" USING btree ("reported_volume_24h");--> statement-breakpoint
CREATE INDEX "exchanges_display_name_idx" ON "exchanges" USING btree ("display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "tickers_exchange_pair_uq" ON "tickers" USING btree ("exchange_id","pair");--> statement-breakpoint
CREATE INDEX "tickers_coin_volume_idx" ON "tickers" USING btree ("coin_id","volume_24h");--> statement-breakpoint
CREATE INDEX "tickers_exchange_volume_idx" ON "tickers" USING btree ("exchange_id","volume_24h");--> statement-breakpoint
CREATE INDEX "tickers_volume_idx" ON "tickers" USING btree ("volume_24h");--> statement-breakpoint
CREATE INDEX "announcement_coins_coin_idx" ON "announcement_coins" USING btree ("coin_id");--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "announcements_exchange_idx" ON "announcements" USING btree ("exchange_id","published_at");--> statement-breakpoint
CREATE INDEX "article_coins_coin_idx" ON "article_coins" USING btree ("coin_id");--> statement-breakpoint
CREATE INDEX "articles_kind_published_idx" ON "articles" USING btree ("kind","published_at");--> statement-breakpoint
CREATE INDEX "articles_columnist_idx" ON "articles" USING btree ("columnist_id","published_at");--> statement-breakpoint
CREATE INDEX "calendar_events_starts_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_natural_uq" ON "calendar_events" USING btree ("title","starts_at");--> statement-breakpoint
CREATE INDEX "flash_news_published_idx" ON "flash_news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "flash_news_coins_coin_idx" ON "flash_news_coins" USING btree ("coin_id");--> statement-breakpoint
CREATE INDEX "notices_published_idx" ON "notices" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "offerings_start_idx" ON "offerings" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "offerings_roi_idx" ON "offerings" USING btree ("roi");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_one_per_user_uq" ON "comments" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "comments_target_idx" ON "comments" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_uq" ON "favourites" USING btree ("user_id","kind","target");--> statement-breakpoint
CREATE INDEX "favourites_user_position_idx" ON "favourites" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");