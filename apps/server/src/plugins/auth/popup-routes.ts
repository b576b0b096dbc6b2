// The one way the web starts a Google-type or GitHub-type sign-in: open
// /api/auth-popup/<provider>?callbackURL=/auth/popup-complete in a popup window. Built-in providers
// and providers configured with an issuer URL both start through Better Auth's social sign-in.

import { authProvidersSchema, type SocialProvider, socialProviders } from "@toolshop/shared/auth";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { IDENTITY_BASE_PATH, POPUP_COMPLETE_PATH } from "@toolshop/shared/paths";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { checkedRedirect, siteBase } from "../../lib/redirects";
import { forwardCookies, toWebHeaders } from "./web-headers";

const popupQuerySchema = z.object({
  callbackURL: z.string().optional().describe("A path on this site; default /auth/popup-complete"),
});

export const popupRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = siteBase(app.config.publicUrl);
  app.get(
    "/auth-providers",
    {
      schema: {
        tags: ["accounts"],
        summary: "Which popup sign-in providers this server is configured for",
        response: { 200: authProvidersSchema },
      },
    },
    () => ({ google: Boolean(app.config.oauth.google), github: Boolean(app.config.oauth.github) }),
  );

  app.get(
    "/auth-popup/:provider",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Starts a popup sign-in: redirects to the provider, which returns through /api/auth/callback/:provider to callbackURL (with ?error=<code> on failure)",
        params: z.object({ provider: z.string() }),
        querystring: popupQuerySchema,
        response: { 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isSocialProvider(provider)) {
        throw new HttpError(404, `There is no sign-in provider called ${provider}.`);
      }
      // Normalised before anything is done with it: Better Auth stores this spelling for the callback.
      const callbackURL = checkedRedirect(request.query.callbackURL ?? POPUP_COMPLETE_PATH, site);
      if (!app.config.oauth[provider]) {
        return reply.redirect(withQuery(callbackURL, { error: "provider_not_configured" }, site));
      }
      try {
        const { headers, response } = await app.identity.api.signInSocial({
          body: { provider, callbackURL, errorCallbackURL: callbackURL, disableRedirect: true },
          headers: toWebHeaders(request),
          returnHeaders: true,
        });
        if (!response.url) throw new Error("Better Auth gave no authorization URL.");
        forwardCookies(reply, headers);
        // The provider's authorization page: built by Better Auth from our configuration, not the request.
        return reply.redirect(response.url);
      } catch (error) {
        // The provider could not be reached (its discovery document, for instance).
        request.log.warn({ err: error, provider }, "could not start a popup sign-in");
        return reply.redirect(withQuery(callbackURL, { error: "provider_unavailable" }, site));
      }
    },
  );
};

// Every answer the popup window goes through on our side: the start, Better Auth's callback and the
// page it lands on. The rest of the site keeps "same-origin-allow-popups".
const POPUP_PATHS = [
  /^\/api\/auth-popup\//,
  /^\/api\/auth\/callback\//,
  new RegExp(`^${POPUP_COMPLETE_PATH}$`),
];

/**
 * The popup passes through the provider's site (no opener policy) on its way back to ours. Chromium
 * then puts the popup in a new browsing context group, and the landing page loses `window.opener`,
 * unless every answer of ours in that chain says "unsafe-none" too (checked in Chromium).
 */
export function registerPopupOpenerPolicy(app: FastifyInstance): void {
  // onRequest, after the security headers' hook (hooks run in the order they were added), rather than
  // onSend: without any onSend hook, Fastify skips that step for every answer. Synchronous, and a
  // prefix test first, since it runs on every request.
  app.addHook("onRequest", (request, reply, done) => {
    if (isPopupPath(request.url)) reply.header("cross-origin-opener-policy", "unsafe-none");
    done();
  });
}

function isPopupPath(url: string): boolean {
  if (!url.startsWith(IDENTITY_BASE_PATH) && !url.startsWith(POPUP_COMPLETE_PATH)) return false;
  const path = url.split("?")[0] ?? "";
  return POPUP_PATHS.some((pattern) => pattern.test(path));
}

function isSocialProvider(value: string): value is SocialProvider {
  return (socialProviders as readonly string[]).includes(value);
}

/** `path` (a checked path of this site) with these query parameters, checked again as it is sent. */
function withQuery(path: string, params: Record<string, string>, site: URL): string {
  const url = new URL(path, site);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return checkedRedirect(`${url.pathname}${url.search}${url.hash}`, site);
}
