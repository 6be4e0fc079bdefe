CREATE TABLE "coin_descriptions" (
	"coin_id" text NOT NULL,
	"locale" text NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_descriptions_coin_id_locale_pk" PRIMARY KEY("coin_id","locale")
);
--> statement-breakpoint
ALTER TABLE "coin_descriptions" ADD CONSTRAINT "coin_descriptions_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;