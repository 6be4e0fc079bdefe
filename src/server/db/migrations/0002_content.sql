CREATE TYPE "public"."social_platform" AS ENUM('twitter', 'weibo');--> statement-breakpoint
CREATE TYPE "public"."wiki_kind" AS ENUM('baike', 'bitwiki');--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"coin_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"source_url" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_updates_source_url_unique" UNIQUE("source_url")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"author" text NOT NULL,
	"coin_id" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" "social_platform" NOT NULL,
	"account" text NOT NULL,
	"display_name" text NOT NULL,
	"coin_id" text,
	"exchange_id" integer,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"reposts" integer DEFAULT 0 NOT NULL,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_posts_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "topic_articles" (
	"topic_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topic_articles_topic_id_article_id_pk" PRIMARY KEY("topic_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"cover" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "wiki_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "wiki_kind" NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"summary" text,
	"body" text NOT NULL,
	"coin_id" text,
	"locale" "content_locale" DEFAULT 'en' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "votes_up" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "votes_down" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_articles" ADD CONSTRAINT "topic_articles_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_articles" ADD CONSTRAINT "topic_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wiki_entries" ADD CONSTRAINT "wiki_entries_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "project_updates_published_idx" ON "project_updates" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "project_updates_coin_idx" ON "project_updates" USING btree ("coin_id","published_at");--> statement-breakpoint
CREATE INDEX "questions_created_idx" ON "questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "questions_coin_idx" ON "questions" USING btree ("coin_id");--> statement-breakpoint
CREATE INDEX "social_posts_platform_published_idx" ON "social_posts" USING btree ("platform","published_at");--> statement-breakpoint
CREATE INDEX "social_posts_coin_idx" ON "social_posts" USING btree ("coin_id");--> statement-breakpoint
CREATE INDEX "topic_articles_article_idx" ON "topic_articles" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_entries_kind_slug_uq" ON "wiki_entries" USING btree ("kind","slug","locale");--> statement-breakpoint
CREATE INDEX "wiki_entries_coin_idx" ON "wiki_entries" USING btree ("coin_id");