-- Trigram search for the registry (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "registry_namespaces" (
	"namespace" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_seeds" (
	"id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_servers" (
	"name" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"owner_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"trust_level" text NOT NULL,
	"integration_id" text,
	"category" text,
	"license" text,
	"tools" jsonb,
	"download_count" integer DEFAULT 0 NOT NULL,
	"latest_version" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_versions" (
	"server_name" text NOT NULL,
	"version" text NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	CONSTRAINT "registry_versions_server_name_version_pk" PRIMARY KEY("server_name","version")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_namespaces" ADD CONSTRAINT "registry_namespaces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_namespaces" ADD CONSTRAINT "registry_namespaces_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_servers" ADD CONSTRAINT "registry_servers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_versions" ADD CONSTRAINT "registry_versions_server_name_registry_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."registry_servers"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_versions" ADD CONSTRAINT "registry_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "registry_servers_updated_idx" ON "registry_servers" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "registry_servers_owner_idx" ON "registry_servers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "registry_servers_search_idx" ON "registry_servers" USING gin ("search_text" gin_trgm_ops);