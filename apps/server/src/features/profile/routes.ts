import { apiErrorSchema } from "@toolshop/shared/errors";
import { profileSchema, profileUpdateSchema } from "@toolshop/shared/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import { getProfile, updateProfile } from "./service";

const NO_ACCOUNT = "Your account could not be found. Please sign in again.";
const errors = { 401: apiErrorSchema, 404: apiErrorSchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/profile",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["profile"],
        summary: "The signed-in user's profile; every field is a string, empty when not set",
        security: [{ bearerAuth: [] }],
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await getProfile(app.db, currentUser(request));
      if (!profile) throw new HttpError(404, NO_ACCOUNT);
      return profile;
    },
  );

  app.put(
    "/profile",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["profile"],
        summary: "Save the signed-in user's profile; an empty field clears it, a missing one is kept",
        description:
          "A display name also becomes the name of the sign-in identity (the account menu's name).",
        security: [{ bearerAuth: [] }],
        body: profileUpdateSchema,
        response: { 200: profileSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await updateProfile(app.db, currentUser(request), request.body);
      if (!profile) throw new HttpError(404, NO_ACCOUNT);
      return profile;
    },
  );
};
