CREATE TABLE "agent_polls" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"seen" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "agent_polls" ADD CONSTRAINT "agent_polls_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;