import type { Database, DatabaseHandle } from "@toolshop/db/client";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../env";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    /** The Drizzle database (PGlite or PostgreSQL). */
    db: Database;
    /** The open database, for health checks; server.ts owns opening and closing it. */
    database: DatabaseHandle;
  }
}

/** Makes the configuration and the database available to every route as `app.config`, `app.db`. */
export function decorateContext(app: FastifyInstance, config: AppConfig, database: DatabaseHandle): void {
  app.decorate("config", config);
  app.decorate<DatabaseHandle>("database", database);
  app.decorate("db", database.db);
}
