CREATE TABLE "coin_names" (
	"coin_id" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "coin_names_coin_id_locale_pk" PRIMARY KEY("coin_id","locale")
);
--> statement-breakpoint
ALTER TABLE "coin_names" ADD CONSTRAINT "coin_names_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;