import { apiErrorSchema } from "@toolshop/shared/errors";
import { type Review, reviewInputSchema, reviewSchema } from "@toolshop/shared/reviews";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import type { CachedRead } from "../../plugins/catalogue-cache";
import { addReview, listReviews } from "./service";

const reviewListSchema = z.array(reviewSchema);

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviewList: CachedRead<Review[]> = {
    scope: "reviews",
    key: "list",
    schema: reviewListSchema,
    load: () => listReviews(app.db),
  };

  app.get(
    "/review",
    {
      schema: {
        tags: ["reviews"],
        summary: "The newest reviews, newest first; `review` is the rating as a string",
        description: "Served from the catalogue cache with a strong ETag; If-None-Match answers 304.",
        response: { 200: reviewListSchema },
      },
    },
    // Not async: a body in memory is answered in the same tick (see catalogueCache.serve).
    (request, reply) => app.catalogueCache.serve(request, reply, reviewList),
  );

  app.post(
    "/review",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Add a review: a rating from 1 to 5 and a comment; the name and email come from the token",
        security: [{ bearerAuth: [] }],
        body: reviewInputSchema,
        response: { 201: reviewSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const review = await addReview(app, currentUser(request), request.body);
      if (!review) throw new HttpError(401, "Your account could not be found. Please sign in again.");
      return reply.code(201).send(review);
    },
  );
};
