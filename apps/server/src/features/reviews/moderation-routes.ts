// Admin-only review moderation (issue 11). Summaries say "(admin)": the security test finds admin
// routes by it. Guards are onRequest, as every route that declares `security` must have.
import { apiErrorSchema } from "@toolshop/shared/errors";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { moderatedReviewsQuerySchema } from "@toolshop/shared/review-moderation";
import {
  deleteReviewResponseSchema,
  moderatedReviewSchema,
  reviewIdParamsSchema,
  reviewVisibilitySchema,
} from "@toolshop/shared/reviews";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { deleteReview, listAllReviews, setReviewHidden } from "./moderation-service";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const NO_SUCH_REVIEW = "There is no review with this id.";

export const reviewModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reviews",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["reviews"],
        summary: "Every review with its author's name and email, hidden ones too, newest first (admin)",
        description: `One page at a time. visibility: all, visible or hidden; q: authors whose email or name starts with this text; cursor: the ${NEXT_CURSOR_HEADER} header of the previous page, absent after the last page.`,
        security: [{ bearerAuth: [] }],
        querystring: moderatedReviewsQuerySchema,
        response: { 200: z.array(moderatedReviewSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await listAllReviews(app.db, request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.reviews;
    },
  );

  app.patch(
    "/reviews/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["reviews"],
        summary: "Hide a review from the home page, or show it again (admin)",
        security: [{ bearerAuth: [] }],
        params: reviewIdParamsSchema,
        body: reviewVisibilitySchema,
        response: { 200: moderatedReviewSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const review = await setReviewHidden(app, request.params.id, request.body.hidden);
      if (!review) throw new HttpError(404, NO_SUCH_REVIEW);
      return review;
    },
  );

  app.delete(
    "/reviews/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["reviews"],
        summary: "Delete a review for good (admin); deletedCount 0 if it was already gone",
        security: [{ bearerAuth: [] }],
        params: reviewIdParamsSchema,
        response: { 200: deleteReviewResponseSchema, ...errors },
      },
    },
    async (request) => ({ deletedCount: await deleteReview(app, request.params.id) }),
  );
};
