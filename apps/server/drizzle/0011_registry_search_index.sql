-- The registry's search index kept in memory (decision 029): names compare byte by byte on every
-- database, and each row says which transaction last changed what search reads, so an index can
-- read only what changed since it last looked; names deleted outright are written down for it.

CREATE TABLE "registry_server_removals" (
	"name" text COLLATE "C" NOT NULL,
	"changed_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registry_servers" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "registry_versions" ALTER COLUMN "server_name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "registry_servers" ADD COLUMN "changed_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "registry_server_removals_changed_idx" ON "registry_server_removals" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "registry_servers_changed_idx" ON "registry_servers" USING btree ("changed_by");--> statement-breakpoint
CREATE FUNCTION "registry_servers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."changed_by" := pg_current_xact_id();
  IF OLD."name" IS DISTINCT FROM NEW."name" THEN
    INSERT INTO "registry_server_removals" ("name") VALUES (OLD."name");
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "registry_servers_changed" BEFORE UPDATE ON "registry_servers" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name"
    OR OLD."search_text" IS DISTINCT FROM NEW."search_text"
    OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."category" IS DISTINCT FROM NEW."category"
    OR OLD."trust_level" IS DISTINCT FROM NEW."trust_level")
  EXECUTE FUNCTION "registry_servers_changed"();--> statement-breakpoint
CREATE FUNCTION "registry_servers_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "registry_server_removals" ("name") VALUES (OLD."name");
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "registry_servers_removed" AFTER DELETE ON "registry_servers" FOR EACH ROW
  EXECUTE FUNCTION "registry_servers_removed"();
