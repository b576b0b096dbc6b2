import { CART_TOOL_TWICE, cartBodySchema, cartSchema } from "@toolshop/shared/cart";
import { apiErrorSchema } from "@toolshop/shared/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../lib/http-errors";
import { currentUser } from "../../plugins/auth/guards";
import { linesWithToolIds } from "../tools/skus";
import { getCart, replaceCart } from "./service";

const NO_ACCOUNT = "Your account could not be found. Please sign in again.";

/** GET and PUT /api/cart: the signed-in customer's own cart, whichever device they use. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/cart",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["cart"],
        summary: "The signed-in customer's cart, each line with its tool's current name, price and stock",
        description:
          "`price` is the tool's list price now and `seenPrice` the list price when the line was added: when they differ, or the tool is `soldOut`, the customer settles the line before checking out. `unitPrice` is what one unit costs at the line's quantity now, the tool's `priceBreaks` applied: the price an order of the line charges.",
        security: [{ bearerAuth: [] }],
        response: { 200: cartSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getCart(app.db, currentUser(request).id, app.config.currency),
  );

  app.put(
    "/cart",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["cart"],
        summary: "Replace the signed-in customer's cart with these lines (0 to 50, each tool once)",
        description:
          "A line names its tool by toolId or by sku (any case; a SKU no tool has is a 400 naming it). Answers the cart as GET does. Tools no longer sold are dropped and listed in `removedToolIds`; a quantity above the stock is lowered to it (never below the tool's minimum). A line keeps the price seen when first added unless `seenPrice` is sent (a visitor's line joining, or a new price accepted). Placing the cart is `POST /api/orders` with its lines.",
        security: [{ bearerAuth: [] }],
        body: cartBodySchema,
        response: { 200: cartSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const lines = await linesWithToolIds(app.db, request.body.lines, CART_TOOL_TWICE);
      const cart = await replaceCart(app.db, currentUser(request).id, { lines }, app.config.currency);
      if (!cart) throw new HttpError(404, NO_ACCOUNT);
      return cart;
    },
  );
};
