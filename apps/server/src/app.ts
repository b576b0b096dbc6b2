import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "@toolshop/db/client";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./env";
import { accountsRoutes } from "./features/accounts/routes";
import { healthRoutes } from "./features/health/routes";
import { recordSucceededPayment } from "./features/orders/payment";
import { createOrdersContext, ordersRoutes } from "./features/orders/routes";
import { createPaymentGateway } from "./features/payments/create-gateway";
import type { PaymentGateway, PaymentSucceededHandler } from "./features/payments/gateway";
import { paymentsRoutes } from "./features/payments/routes";
import { stripeWebhookRoutes } from "./features/payments/webhook";
import { reviewsRoutes } from "./features/reviews/routes";
import { toolsRoutes } from "./features/tools/routes";
import { registerAuthGuards } from "./plugins/auth/guards";
import { registerIdentity } from "./plugins/auth/identity";
import { identityRoutes } from "./plugins/auth/identity-routes";
import { popupRoutes, registerPopupOpenerPolicy } from "./plugins/auth/popup-routes";
import { decorateContext } from "./plugins/context";
import { registerApiDocs } from "./plugins/docs";
import { registerErrorHandler } from "./plugins/errors";
import { type LogDestination, loggerOptions } from "./plugins/logging";
import { registerMailer } from "./plugins/mail";
import { DEFAULT_RATE_LIMIT_WINDOW_MS, registerRateLimits } from "./plugins/rate-limits";
import { registerRedis } from "./plugins/redis";
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
    logger: loggerOptions(config.logLevel, options.logDestination),
    // Behind a load balancer the API runs as many processes; request ids then come from the proxy.
    requestIdHeader: "x-request-id",
    // Behind a reverse proxy, request.ip (and so the per-IP rate limits) must be the client, not the proxy.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  decorateContext(app, config, database);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerApiDocs(app);
  await registerRedis(app, config.redisUrl);
  registerRateLimits(app, options.rateLimitWindowMs ?? DEFAULT_RATE_LIMIT_WINDOW_MS);
  registerMailer(app, config);
  registerAuthGuards(app, config.authSecret);
  await registerIdentity(app, config);

  registerPopupOpenerPolicy(app);
  const paymentGateway = options.paymentGateway ?? createPaymentGateway(config, database.db);
  const orders = createOrdersContext(app, paymentGateway);
  const onPaymentSucceeded: PaymentSucceededHandler = (intent) => recordSucceededPayment(orders, intent);
  const webhookSecret = paymentGateway.kind === "stripe" ? config.payments.stripe.webhookSecret : undefined;

  // Better Auth at /api/auth/*, with its own body handling.
  await app.register(identityRoutes);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(toolsRoutes);
      await api.register(reviewsRoutes);
      await api.register(popupRoutes);
      await api.register(accountsRoutes);
      await api.register(ordersRoutes, { orders });
      await api.register(paymentsRoutes, { gateway: paymentGateway, onPaymentSucceeded });
      await api.register(stripeWebhookRoutes, { webhookSecret, onPaymentSucceeded });
    },
    { prefix: "/api" },
  );

  await registerWebApp(app, {
    webDistDir: options.webDistDir ?? defaultWebDistDir,
    uploadsDir: join(config.dataDir, "uploads"),
  });
  return app;
}
