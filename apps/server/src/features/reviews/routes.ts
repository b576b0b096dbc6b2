import { reviewSchema } from "@toolshop/shared/reviews";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listReviews } from "./service";

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/review",
    {
      schema: {
        tags: ["reviews"],
        summary: "The newest reviews, newest first; `review` is the rating as a string",
        response: { 200: z.array(reviewSchema) },
      },
    },
    () => listReviews(app.db),
  );
};
