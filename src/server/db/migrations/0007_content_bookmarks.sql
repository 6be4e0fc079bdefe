CREATE TYPE "public"."bookmark_kind" AS ENUM('article', 'flash', 'announcement');--> statement-breakpoint
CREATE TABLE "content_bookmarks" (
	"user_id" integer NOT NULL,
	"kind" "bookmark_kind" NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_bookmarks_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "content_bookmarks" ADD CONSTRAINT "content_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_bookmarks_user_created_idx" ON "content_bookmarks" USING btree ("user_id","created_at");