// A real OpenID Connect provider for the popup sign-in tests (oauth2-mock-server), and the popup's walk
// through it by hand: our start route -> the provider's authorize endpoint -> Better Auth's callback.
import { OAuth2Server } from "oauth2-mock-server";
import { expect } from "vitest";
import { type IdentityClient, TEST_ORIGIN } from "./identity-client";

/** One OIDC provider that signs in whoever the test says. */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  const person = { sub: "", email: "", name: "", emailVerified: true };
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: person.sub,
      email: person.email,
      email_verified: person.emailVerified,
      name: person.name,
    });
  });
  server.service.on("beforeUserinfo", (userInfo) => {
    userInfo.body = {
      sub: person.sub,
      email: person.email,
      email_verified: person.emailVerified,
      name: person.name,
    };
  });
  return { server, issuerUrl: server.issuer.url, person };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/** Follows the popup's redirects; answers the last response (the one that leaves our API). */
export async function popupSignIn(
  client: IdentityClient,
  provider: string,
  callbackURL = "/auth/popup-complete",
) {
  const start = await client.request(
    "GET",
    `/api/auth-popup/${provider}?callbackURL=${encodeURIComponent(callbackURL)}`,
  );
  expect(start.statusCode, start.body).toBe(302);
  const authorize = String(start.headers.location);

  const atProvider = await fetch(authorize, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const callback = new URL(String(atProvider.headers.get("location")));
  expect(callback.origin + callback.pathname).toBe(`${TEST_ORIGIN}/api/auth/callback/${provider}`);

  return client.request("GET", callback.pathname + callback.search);
}
