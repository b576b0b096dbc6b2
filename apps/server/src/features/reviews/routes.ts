import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  REVIEW_INTERVAL_MS,
  type Review,
  reviewableToolSchema,
  reviewInputSchema,
  reviewSchema,
  reviewTooSoonMessage,
  TOOL_NOT_BOUGHT,
  TOOL_REVIEWS_SHOWN,
  type ToolReviews,
  toolReviewsSchema,
} from "@toolshop/shared/reviews";
import { toolIdParamsSchema } from "@toolshop/shared/tools";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import type { CachedRead } from "../../plugins/catalogue-cache";
import { subscribeBuyerChanges } from "./buyer-events";
import { reviewModerationRoutes } from "./moderation-routes";
import { addReview, listReviews } from "./service";
import { subscribeToolDeletions } from "./tool-events";
import { findToolReviews, reviewableTools } from "./tool-reviews";

const reviewListSchema = z.array(reviewSchema);

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviewList: CachedRead<Review[]> = {
    scope: "reviews",
    key: "list",
    schema: reviewListSchema,
    load: () => listReviews(app.db),
  };
  const oneToolsReviews = (id: string): CachedRead<ToolReviews> => ({
    scope: "reviews",
    key: `tool:${id}`,
    schema: toolReviewsSchema,
    load: () => findToolReviews(app.db, id),
    notFound: "There is no tool with this id.",
  });
  subscribeBuyerChanges(app);
  subscribeToolDeletions(app);
  await app.register(reviewModerationRoutes);

  app.get(
    "/review",
    {
      schema: {
        tags: ["reviews"],
        summary: "The newest reviews, newest first; `review` is the rating as a string",
        description:
          "Hidden reviews are left out. verifiedBuyer: true when the author has a paid, shipped or delivered order. Served from the catalogue cache with a strong ETag; If-None-Match answers 304.",
        response: { 200: reviewListSchema },
      },
    },
    (request, reply) => app.catalogueCache.serve(request, reply, reviewList),
  );

  app.post(
    "/review",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["reviews"],
        summary:
          "Add a review: a rating from 1 to 5 and a comment, one a day; the name and email come from the token",
        description:
          "toolId (optional): the review is of that tool, which must be in one of the customer's paid, shipped or delivered orders (403 otherwise); without it, of the shop. 429 with Retry-After when the customer posted a review less than a day ago.",
        security: [{ bearerAuth: [] }],
        body: reviewInputSchema,
        response: {
          201: reviewSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await addReview(app, currentUser(request), request.body);
      if (outcome.kind === "no-such-user")
        throw new HttpError(401, "Your account could not be found. Please sign in again.");
      if (outcome.kind === "not-bought") throw new HttpError(403, TOOL_NOT_BOUGHT);
      if (outcome.kind === "too-soon") {
        const seconds = Math.ceil((outcome.nextAllowedAt.getTime() - Date.now()) / 1000);
        reply.header("retry-after", String(Math.min(Math.max(seconds, 1), REVIEW_INTERVAL_MS / 1000)));
        throw new HttpError(429, reviewTooSoonMessage(outcome.nextAllowedAt));
      }
      return reply.code(201).send(outcome.review);
    },
  );

  app.get(
    "/review/tools",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["reviews"],
        summary: "The tools the customer may review: those of their paid, shipped or delivered orders",
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(reviewableToolSchema), 401: apiErrorSchema },
      },
    },
    async (request) => reviewableTools(app.db, currentUser(request).id),
  );

  app.get(
    "/tools/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: `One tool's reviews: their average rating and count, and the newest ${TOOL_REVIEWS_SHOWN}`,
        description:
          "Hidden reviews are left out; average is null without reviews. Served from the catalogue cache with a strong ETag; If-None-Match answers 304.",
        params: toolIdParamsSchema,
        response: { 200: toolReviewsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    (request, reply) => app.catalogueCache.serve(request, reply, oneToolsReviews(request.params.id)),
  );
};
