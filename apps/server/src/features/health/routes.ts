import { apiErrorSchema } from "@toolshop/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { isDraining } from "./draining";

export const SHUTTING_DOWN_MESSAGE = "The server is shutting down.";

const okSchema = z.object({ status: z.literal("ok") });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    { schema: { tags: ["health"], summary: "Liveness: the process answers", response: { 200: okSchema } } },
    () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers, jobs are being run, and the server is not shutting down",
        response: { 200: okSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      // Checked first: a stopping server must leave the load balancer's pool however healthy its database.
      if (isDraining(app.server)) throw new HttpError(503, SHUTTING_DOWN_MESSAGE);
      let waitedSeconds: number;
      try {
        await app.database.ping();
        waitedSeconds = await app.jobs.oldestDueWaitSeconds();
      } catch (error) {
        request.log.warn({ err: error }, "readiness check: the database did not answer");
        throw new HttpError(503, "The database is not reachable.");
      }
      // Mails wait while no worker runs (WORKER=off everywhere, or every worker is stuck).
      const waitedMinutes = Math.floor(waitedSeconds / 60);
      if (waitedMinutes >= app.config.jobStuckMinutes) {
        throw new HttpError(
          503,
          `The job queue is stuck: its oldest due job has waited ${waitedMinutes} minutes for a worker.`,
        );
      }
      return { status: "ok" as const };
    },
  );
};
