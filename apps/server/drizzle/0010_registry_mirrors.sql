CREATE TABLE "registry_upstreams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trust_level" text NOT NULL,
	"cursor" text,
	"page_cursor" text,
	"pass_cursor" text,
	"next_sync_at" timestamp (3) with time zone NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_result" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_upstreams_name_unique" UNIQUE("name"),
	CONSTRAINT "registry_upstreams_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "registry_versions" ADD COLUMN "upstream_id" uuid;--> statement-breakpoint
ALTER TABLE "registry_versions" ADD COLUMN "upstream_meta" jsonb;--> statement-breakpoint
ALTER TABLE "registry_versions" ADD CONSTRAINT "registry_versions_upstream_id_registry_upstreams_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."registry_upstreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_versions_upstream_idx" ON "registry_versions" USING btree ("upstream_id");