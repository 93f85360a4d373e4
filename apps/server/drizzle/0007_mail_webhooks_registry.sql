ALTER TABLE "agents" ADD COLUMN "webhook_signing_secret" text;
--> statement-breakpoint
CREATE TABLE "webhook_deliveries_seen" (
	"agent_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_deliveries_seen_agent_id_signature_pk" PRIMARY KEY("agent_id","signature")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries_seen" ADD CONSTRAINT "webhook_deliveries_seen_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_seen_expires_idx" ON "webhook_deliveries_seen" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "email_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "email_recipients_user_email_idx" ON "email_recipients" USING btree ("user_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "email_recipients_token_idx" ON "email_recipients" USING btree ("token_hash");
--> statement-breakpoint
CREATE TABLE "email_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "email_days" ADD CONSTRAINT "email_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "registry_download_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_downloads" (
	"server_name" text NOT NULL,
	"day" date NOT NULL,
	"client_hash" text NOT NULL,
	CONSTRAINT "registry_downloads_server_name_day_client_hash_pk" PRIMARY KEY("server_name","day","client_hash")
);
--> statement-breakpoint
ALTER TABLE "registry_downloads" ADD CONSTRAINT "registry_downloads_server_name_registry_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."registry_servers"("name") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "registry_downloads_day_idx" ON "registry_downloads" USING btree ("day");
--> statement-breakpoint
-- Usernames that differ only by case or by `_` against `-` name one registry namespace: one of
-- them at most. An installation that already holds such a pair keeps it without this index (the
-- namespace goes to the earlier account; decision 015 says how to add the index afterwards).
DO $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM "users"
		GROUP BY lower(replace("username", '_', '-'))
		HAVING count(*) > 1
	) THEN
		CREATE UNIQUE INDEX "users_username_namespace_idx" ON "users" USING btree (lower(replace("username", '_', '-')));
	END IF;
END
$$;
