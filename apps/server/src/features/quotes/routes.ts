import { apiErrorSchema } from "@toolshop/shared/errors";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { quoteRequestBodySchema } from "@toolshop/shared/quote-offers";
import {
  openQuotesCountSchema,
  quoteHandledSchema,
  quoteIdParamsSchema,
  quoteReceivedSchema,
  quotesQuerySchema,
  storedQuoteSchema,
} from "@toolshop/shared/quotes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { appQuoteMails } from "./quote-outbox";
import { countOpenQuotes, listQuotes, setQuoteHandled, storeQuote } from "./service";

const adminErrors = { 401: apiErrorSchema, 403: apiErrorSchema };

export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const mails = appQuoteMails(app);
  app.post(
    "/quotes",
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ["quotes"],
        summary: "Send a request for a quote / contact message to the sales team (rate limited)",
        description:
          "Anyone: `{name, email, message, ...}` as the home page's block sends it. Signed in, the request is tied to the account (its email, whatever the body says) and may carry `lines: [{toolId, quantity}]` (the cart's), the message then optional; lines without a token are a 401.",
        security: [{ bearerAuth: [] }, {}],
        body: quoteRequestBodySchema,
        response: {
          201: quoteReceivedSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const requester = request.user ? { id: request.user.id, email: request.user.email } : null;
      const account = requester?.email ?? request.body.email ?? "";
      await app.enforceRateLimit(request, reply, "quoteRequest", account);
      // The sales team's mail is queued with the request: both are stored, or neither.
      const { quote, mailed } = await storeQuote(app.db, mails, request.body, requester);
      if (mailed === 0) {
        request.log.warn(
          { quoteId: quote._id },
          "no SALES_EMAIL and no admin: the quote request is stored, not mailed",
        );
      }
      return reply.code(201).send({ _id: quote._id });
    },
  );

  app.get(
    "/quotes",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["quotes"],
        summary: "Quote requests, newest first, one page at a time (admins only)",
        description: `Without parameters, the newest page. q: requests whose email, name or company starts with this text; state: only quotes in that state of their lifecycle (requested: waiting for an offer); cursor: the ${NEXT_CURSOR_HEADER} header of the previous page, absent after the last page.`,
        security: [{ bearerAuth: [] }],
        querystring: quotesQuerySchema,
        response: { 200: z.array(storedQuoteSchema), 400: apiErrorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const page = await listQuotes(app.db, request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.quotes;
    },
  );

  app.get(
    "/quotes/open-count",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["quotes"],
        summary:
          "How many quote requests are not handled yet, up to 99 (admins only): the dashboard menu's badge",
        security: [{ bearerAuth: [] }],
        response: { 200: openQuotesCountSchema, ...adminErrors },
      },
    },
    () => countOpenQuotes(app.db),
  );

  app.patch(
    "/quotes/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["quotes"],
        summary: "Mark a quote request handled, or open again (admins only)",
        security: [{ bearerAuth: [] }],
        params: quoteIdParamsSchema,
        body: quoteHandledSchema,
        response: { 200: storedQuoteSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const quote = await setQuoteHandled(app.db, request.params.id, request.body.handled);
      if (!quote) throw new HttpError(404, "There is no quote request with this id.");
      return quote;
    },
  );
};
