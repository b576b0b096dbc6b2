// Playwright's web server: builds the app once, starts two OpenID Connect test providers (a
// Google-type and a GitHub-type oauth2-mock-server) and runs the built server on PORT with a fresh,
// empty DATA_DIR (embedded database, no Redis, mail outbox in DATA_DIR/mail). Everything is removed
// again when the server stops. E2E_SKIP_BUILD=1 reuses the last build while iterating on specs.
//
// What the specs can rely on:
// - DATA_DIR is E2E_DATA_DIR, which playwright.config.ts chooses, so the spec workers have it in
//   their environment too; the outbox is E2E_DATA_DIR/mail/*.eml.
// - The Google-type provider (GOOGLE_ISSUER_URL=http://127.0.0.1:<PORT+10>,
//   E2E_GOOGLE_PORT) signs in google.user@example.com ("Google User"); the GitHub-type one
//   (GITHUB_ISSUER_URL=http://127.0.0.1:<PORT+20>, E2E_GITHUB_PORT) signs in github.user@example.com
//   ("GitHub User"). Both approve at once. Their ports follow PORT so that two runs on other ports
//   (E2E_PORT) do not collide.
// - A user who signs up as e2e.admin@example.com (E2E_ADMIN_EMAIL) is an admin (ADMIN_EMAILS), and so
//   is whoever proves e2e.owner@example.com (E2E_OWNER_EMAIL), which a spec registers as a stranger.
// - Requests for quote are mailed to sales@toolshop.example (E2E_SALES_EMAIL, SALES_EMAIL).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OAuth2Server } from "oauth2-mock-server";
import { START_NODE_FLAGS } from "../apps/server/src/testing/launch-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT ?? "4173";
const adminEmail = process.env.E2E_ADMIN_EMAIL ?? "e2e.admin@example.com";
const ownerEmail = process.env.E2E_OWNER_EMAIL ?? "e2e.owner@example.com";

/** The person each test provider signs in, always the same one. */
const providers = {
  google: {
    port: Number(process.env.E2E_GOOGLE_PORT ?? Number(port) + 10),
    user: { sub: "google-user-1", email: "google.user@example.com", name: "Google User" },
  },
  github: {
    port: Number(process.env.E2E_GITHUB_PORT ?? Number(port) + 20),
    user: { sub: "github-user-1", email: "github.user@example.com", name: "GitHub User" },
  },
};

if (!process.env.E2E_SKIP_BUILD) {
  // The build's output is only shown when it fails; the test report stays readable otherwise.
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, encoding: "utf8" });
  if (build.status !== 0) {
    console.error(`${build.stdout}${build.stderr}\ne2e: npm run build failed (exit code ${build.status})`);
    process.exit(1);
  }
}

const oauthServers = [];
const oauthEnv = {};
for (const [name, provider] of Object.entries(providers)) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const issuer = `http://127.0.0.1:${provider.port}`;
  // Set before start: the issuer in tokens and discovery is the address the browser and server use.
  server.issuer.url = issuer;
  const claims = { ...provider.user, email_verified: true };
  server.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  server.service.on("beforeUserinfo", (userInfo) => {
    userInfo.body = claims;
  });
  try {
    await server.start(provider.port, "127.0.0.1");
  } catch (error) {
    console.error(
      `e2e: the ${name}-type OAuth test provider could not listen on ${issuer}: ${error.message}`,
    );
    await stopAll();
    process.exit(1);
  }
  oauthServers.push(server);
  const prefix = name.toUpperCase();
  Object.assign(oauthEnv, {
    [`${prefix}_CLIENT_ID`]: `toolshop-e2e-${name}`,
    [`${prefix}_CLIENT_SECRET`]: `toolshop-e2e-${name}-secret`,
    [`${prefix}_ISSUER_URL`]: issuer,
  });
}

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "toolshop-e2e-"));
mkdirSync(dataDir, { recursive: true });
console.log(`e2e: Node ${process.version}, DATA_DIR=${dataDir} (mail outbox: ${path.join(dataDir, "mail")})`);

// Warnings and errors only: they reach the test output, the request log does not.
const env = {
  ...process.env,
  ...oauthEnv,
  HOST: "127.0.0.1",
  // The address the browser uses: cookies, trusted origins and OAuth callbacks depend on it.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  ADMIN_EMAILS: `${adminEmail},${ownerEmail}`,
  // Requests for quote are mailed here (into the outbox), as in production.
  SALES_EMAIL: process.env.E2E_SALES_EMAIL ?? "sales@toolshop.example",
  // Every spec signs up and signs in from 127.0.0.1, dozens of accounts a minute: the per-IP limits
  // count loopback too.
  RATE_LIMIT_FACTOR: "100",
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
delete env.SMTP_URL;

const server = spawn(process.execPath, [...START_NODE_FLAGS, path.join(root, "apps/server/dist/server.js")], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", async (code, signal) => {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});

async function stopAll() {
  await Promise.allSettled(oauthServers.map((oauthServer) => oauthServer.stop()));
}
