-- Agent-written SQL now runs in an embedded database of each agent's own (AgentSqlEngine), never
-- in this one: the view it was read through goes. The role spoke_agent_reader is left in place
-- (roles belong to the whole server, and other databases of it may be migrating at this moment);
-- it can read nothing here any more and is never used.
DROP VIEW IF EXISTS agent_space.memory;--> statement-breakpoint
DROP SCHEMA IF EXISTS agent_space;
