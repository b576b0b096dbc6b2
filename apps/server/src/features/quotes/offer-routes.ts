// Quotes that become orders (issue 49): the customer's quotes, the owner's offer and withdrawal, the
// customer's accept and decline. Thin: the rules live in offers.ts and lifecycle.ts.
import { apiErrorSchema } from "@toolshop/shared/errors";
import { orderSchema } from "@toolshop/shared/orders";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import {
  MY_QUOTES_PAGE_SIZE,
  myQuotesQuerySchema,
  quoteAcceptBodySchema,
  quoteDeclineBodySchema,
  quoteOfferBodySchema,
  quoteSchema,
} from "@toolshop/shared/quote-offers";
import { quoteIdParamsSchema } from "@toolshop/shared/quotes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth/guards";
import type { OrdersContext } from "../orders/context";
import { pageOfMyQuotes } from "./my-quotes";
import {
  acceptQuote,
  declineQuote,
  expireOffers,
  offerQuote,
  type QuotesContext,
  withdrawQuote,
} from "./offers";
import { appQuoteMails } from "./quote-outbox";
import { findAccessibleQuote, quoteView, quoteViews } from "./quote-view";

/** How often offers past their validity are stored expired (and their customers mailed). */
export const OFFER_EXPIRY_CHECK_INTERVAL_MS = 60_000;

const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
const security = [{ bearerAuth: [] }];
const tags = ["quotes"];

export const quoteOfferRoutes: FastifyPluginAsyncZod<{ orders: OrdersContext }> = async (app, options) => {
  const { currency } = app.config;
  // Each change queues its mails in its own transaction (quote-outbox.ts).
  const orders: QuotesContext = { ...options.orders, quoteMails: appQuoteMails(app) };
  app.jobs.runPeriodically({
    name: "expire-offers",
    title: "expiring offers past their validity",
    everyMs: OFFER_EXPIRY_CHECK_INTERVAL_MS,
    run: async () => {
      await expireOffers(orders);
    },
  });

  app.get(
    "/quotes/mine",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in customer's quotes, newest first, in pages, with lines, offer and history",
        description: `Up to limit quotes (default ${MY_QUOTES_PAGE_SIZE}), the visitor messages sent from the account's email among them. The ${NEXT_CURSOR_HEADER} header carries the next page's cursor (pass it as ?cursor=) and is absent after the last page.`,
        querystring: myQuotesQuerySchema,
        response: { 200: z.array(quoteSchema), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const page = await pageOfMyQuotes(app.db, currentUser(request), request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return quoteViews(app.db, page.rows, currency);
    },
  );

  app.get(
    "/quotes/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "One quote with its lines, offer, validity, state and history (its owner or an admin)",
        params: quoteIdParamsSchema,
        response: { 200: quoteSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findAccessibleQuote(app.db, currentUser(request), request.params.id, {
        adminToo: true,
      });
      return quoteView(app.db, row, currency);
    },
  );

  app.post(
    "/quotes/:id/offer",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Send (or revise) the offer of a quote: unit price per line, note, validity (admins only)",
        description:
          "A requested quote becomes offered; an offered one is revised (the new offer replaces the old). Any other state is a 409. validDays defaults to 14. The customer is mailed a link to the offer.",
        params: quoteIdParamsSchema,
        body: quoteOfferBodySchema,
        response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { quote } = await offerQuote(orders, request.params.id, request.body);
      return quoteView(app.db, quote, currency);
    },
  );

  app.post(
    "/quotes/:id/withdraw",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Withdraw an offer before it is accepted (admins only)",
        params: quoteIdParamsSchema,
        response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { quote } = await withdrawQuote(orders, request.params.id);
      return quoteView(app.db, quote, currency);
    },
  );

  app.post(
    "/quotes/:id/accept",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Accept an offer: answers the new unpaid order at the offered unit prices (its owner)",
        description:
          "The order's lines carry the offered unit prices and its quoteId names the quote; its stock is reserved as any order's, and a short line refuses the accept (409) naming it. An offer past its validity is a 409. Accepting again answers the same order (200): one order per quote.",
        params: quoteIdParamsSchema,
        body: quoteAcceptBodySchema,
        response: { 200: orderSchema, 201: orderSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accepted = await acceptQuote(orders, currentUser(request), request.params.id, request.body);
      if (accepted.replayed) return reply.code(200).send(accepted.order);
      return reply.code(201).send(accepted.order);
    },
  );

  app.post(
    "/quotes/:id/decline",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Decline an offer, with an optional reason (its owner)",
        params: quoteIdParamsSchema,
        body: quoteDeclineBodySchema,
        response: { 200: quoteSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { quote } = await declineQuote(
        orders,
        currentUser(request),
        request.params.id,
        request.body.reason,
      );
      return quoteView(app.db, quote, currency);
    },
  );
};
