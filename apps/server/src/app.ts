import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "@toolshop/db/client";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./env";
import { accountsRoutes } from "./features/accounts/routes";
import { attributesRoutes } from "./features/attributes/routes";
import { cartRoutes } from "./features/cart/routes";
import { categoriesRoutes } from "./features/categories/routes";
import { healthRoutes } from "./features/health/routes";
import { taxDocumentRoutes } from "./features/invoices/routes";
import { registerJobs } from "./features/jobs/plugin";
import { adminOrdersRoutes } from "./features/orders/admin-routes";
import { orderDetailRoutes } from "./features/orders/detail-routes";
import { ordersExportRoutes } from "./features/orders/export-routes";
import { payTestIntentAndOrder, recordSucceededPayment } from "./features/orders/payment";
import { createOrdersContext, ordersRoutes } from "./features/orders/routes";
import { overviewRoutes } from "./features/overview/routes";
import { createPaymentGateway } from "./features/payments/create-gateway";
import type { PaymentGateway, PaymentSucceededHandler } from "./features/payments/gateway";
import { paymentsRoutes } from "./features/payments/routes";
import { stripeWebhookRoutes } from "./features/payments/webhook";
import { profileRoutes } from "./features/profile/routes";
import { quoteOfferRoutes } from "./features/quotes/offer-routes";
import { quotesRoutes } from "./features/quotes/routes";
import { reviewsRoutes } from "./features/reviews/routes";
import { shippingRoutes } from "./features/shipping/routes";
import { stockAlertsRoutes } from "./features/stock-alerts/routes";
import { pageHeads } from "./features/storefront/page-head";
import { shopRoutes, storefrontRoutes } from "./features/storefront/routes";
import { toolMediaRoutes } from "./features/tool-media/routes";
import { toolRelationsRoutes } from "./features/tool-relations/routes";
import { toolsAdminRoutes } from "./features/tools/admin-routes";
import { toolsCsvRoutes } from "./features/tools/csv-routes";
import { toolsRoutes } from "./features/tools/routes";
import { uploadsRoutes } from "./features/uploads/routes";
import { uploadedImagesRoutes } from "./features/uploads/serve-routes";
import { uploadExists } from "./features/uploads/service";
import { createImageStore } from "./features/uploads/storage";
import { usersRoutes } from "./features/users/routes";
import { registerAuthGuards } from "./plugins/auth/guards";
import { registerIdentity } from "./plugins/auth/identity";
import { identityRoutes } from "./plugins/auth/identity-routes";
import { popupRoutes, registerPopupOpenerPolicy } from "./plugins/auth/popup-routes";
import { registerSessionRevocations } from "./plugins/auth/session-revocations";
import { registerCatalogueCache } from "./plugins/catalogue-cache";
import { decorateContext } from "./plugins/context";
import { registerApiDocs } from "./plugins/docs";
import { registerDomainEvents } from "./plugins/domain-events";
import { registerErrorHandler } from "./plugins/errors";
import {
  chooseLogFormat,
  type LogDestination,
  loggerOptions,
  registerRequestLog,
  requestIdOptions,
} from "./plugins/logging";
import { registerMailer } from "./plugins/mail";
import { DEFAULT_RATE_LIMIT_WINDOW_MS, registerRateLimits } from "./plugins/rate-limits";
import { registerRedis } from "./plugins/redis";
import { registerRequestBodyChecks } from "./plugins/request-bodies";
import { createResponseSerializerCompiler } from "./plugins/response-serializer";
import { registerSecurityHeaders } from "./plugins/security";
import { registerWebApp } from "./plugins/web-app";

/** apps/web/dist, from apps/server/src/app.ts and from the bundle apps/server/dist/server.js alike. */
export const defaultWebDistDir = fileURLToPath(new URL("../../web/dist", import.meta.url));

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened (and migrated) by the caller, who also closes it after the app. */
  database: DatabaseHandle;
  /** The built web app; defaults to apps/web/dist. */
  webDistDir?: string | undefined;
  /** The rate limits' window; a minute unless tests want a shorter one. */
  rateLimitWindowMs?: number | undefined;
  /** Where the log goes; stdout by default (tests capture it). */
  logDestination?: LogDestination | undefined;
  /** The payment gateway; by default the one PAYMENT_GATEWAY chooses (tests pass Stripe with a mocked client). */
  paymentGateway?: PaymentGateway | undefined;
}

/** The whole HTTP application, ready for `listen` or `inject`; it listens nowhere by itself. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(
      config.logLevel,
      options.logDestination,
      options.logDestination ? "json" : chooseLogFormat(process.stdout, config.nodeEnv, config.logFormat),
    ),
    // One line per answer, and only at debug unless it failed or was slow (plugins/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // The server's own request ids; a proxy's X-Request-Id is logged beside them (plugins/logging.ts).
    ...requestIdOptions,
    // Behind a reverse proxy, request.ip (and so the per-IP rate limits) must be the client, not the proxy.
    trustProxy: config.trustProxy,
    // How often Node enforces server.ts's headers and request timeouts (its default, 30 s, lets a
    // slow-loris client hold a connection up to 30 s past them).
    http: { connectionsCheckingInterval: 1_000 },
    // avvio's limit on one plugin's start is there against a hang, not as a measure: its default 10 s
    // was passed by @fastify/swagger-ui on a 2-core machine running four test suites at once.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Outside production every answer is checked against zod too (plugins/response-serializer.ts).
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.nodeEnv !== "production" }));

  decorateContext(app, config, database);
  // Before any route: its hooks size every route's body limit and watch every JSON body.
  registerRequestBodyChecks(app);
  registerRequestLog(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    paymentGateway: options.paymentGateway?.kind ?? config.payments.gateway,
    imageOrigin: config.imageBaseUrl && new URL(config.imageBaseUrl).origin,
  });
  await registerApiDocs(app);
  await registerRedis(app, config.redisUrl, config.redisPrefix);
  // Before the domain events: Fastify runs onClose hooks last-registered first, so the events'
  // subscribers are drained before the mailer waits for its mails and closes.
  registerMailer(app, config);
  // Domain events after commit (decision 0009): the cache hears them on every process, mails once.
  await registerDomainEvents(app, config.redisUrl, config.redisPrefix);
  registerCatalogueCache(app);
  registerRateLimits(app, options.rateLimitWindowMs ?? DEFAULT_RATE_LIMIT_WINDOW_MS);
  // Mails and housekeeping as kept jobs; stopped on close before the events drain and the mailer closes.
  registerJobs(app, config);
  registerSessionRevocations(app);
  registerAuthGuards(app, config.authSecret);
  await registerIdentity(app, config);

  registerPopupOpenerPolicy(app);
  const paymentGateway = options.paymentGateway ?? (await createPaymentGateway(config, database.db));
  const orders = createOrdersContext(app, paymentGateway);
  const onPaymentSucceeded: PaymentSucceededHandler = (intent) => recordSucceededPayment(orders, intent);
  const webhookSecret = paymentGateway.kind === "stripe" ? config.payments.stripe.webhookSecret : undefined;

  // Uploaded images: DATA_DIR/uploads, or the S3 bucket that every process shares.
  const images = await createImageStore(config.s3, join(config.dataDir, "uploads"));
  app.addHook("onClose", async () => images.close());

  // Better Auth at /api/auth/*, with its own body handling.
  await app.register(identityRoutes);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(toolsRoutes);
      await api.register(categoriesRoutes);
      await api.register(attributesRoutes);
      await api.register(uploadsRoutes, { images });
      await api.register(toolsAdminRoutes, {
        uploadExists: (url) => uploadExists(images, url),
      });
      await api.register(toolsCsvRoutes, { uploadExists: (url) => uploadExists(images, url) });
      await api.register(toolMediaRoutes, {
        store: images,
        uploadExists: (url) => uploadExists(images, url),
      });
      await api.register(toolRelationsRoutes);
      await api.register(adminOrdersRoutes, { orders });
      await api.register(ordersExportRoutes);
      await api.register(reviewsRoutes);
      await api.register(popupRoutes);
      await api.register(accountsRoutes);
      await api.register(usersRoutes);
      await api.register(profileRoutes);
      await api.register(cartRoutes);
      await api.register(quotesRoutes);
      await api.register(stockAlertsRoutes);
      await api.register(shippingRoutes);
      await api.register(overviewRoutes);
      await api.register(quoteOfferRoutes, { orders });
      await api.register(shopRoutes);
      await api.register(ordersRoutes, { orders });
      await api.register(orderDetailRoutes, { orders });
      await api.register(taxDocumentRoutes, { orders });
      await api.register(paymentsRoutes, {
        gateway: paymentGateway,
        onPaymentSucceeded,
        settleTestPayment: (intentId) => payTestIntentAndOrder(orders, intentId),
      });
      await api.register(stripeWebhookRoutes, { webhookSecret, onPaymentSucceeded });
    },
    { prefix: "/api" },
  );

  await app.register(uploadedImagesRoutes, { images, imageBaseUrl: config.imageBaseUrl });
  const webDistDir = options.webDistDir ?? defaultWebDistDir;
  // Product pages, sitemap and robots.txt: server-rendered, so before the web app's SPA fallback.
  await app.register(storefrontRoutes, { webDistDir });
  await registerWebApp(app, {
    webDistDir,
    heads: pageHeads({ publicUrl: config.publicUrl, currency: config.currency }),
  });
  return app;
}
