# Toolshop in one image: the bundled API server (apps/server/dist) serving the built web app
# (apps/web/dist), on Node 24 with production dependencies only. See docs/operations.md, "Container".
#   docker build -t toolshop .
#   docker run -p 3000:3000 -v toolshop-data:/data -e AUTH_SECRET=<64 hex characters> -e PAYMENT_GATEWAY=test toolshop
# The image sets NODE_ENV=production, so AUTH_SECRET and PAYMENT_GATEWAY must be given (apps/server/src/env.ts).

ARG NODE_VERSION=24

# Production dependencies. The bundle keeps every package but the workspace's own @toolshop/* as an import
# resolved from node_modules at run time (apps/server/build.mjs): sharp and its prebuilt libvips,
# @electric-sql/pglite, pg, fastify... npm ci needs every workspace's package.json to match the lockfile.
FROM node:${NODE_VERSION}-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Build: all dependencies, then the web app (Vite) and the server bundle (esbuild) with its migrations.
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages packages
COPY apps apps
RUN npm run build

FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
# server.js finds its migrations in dist/migrations and the web app in ../../web/dist.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The PGlite database (when DATABASE_URL is unset), uploads, the mail outbox: owned by the unprivileged
# user of the node image, which the server makes owner-only (0700) at start.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (readiness, /api/readyz, also needs the database). Slim images have no curl: Node's fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself handles SIGTERM (server.ts drains, then stops), so it runs as PID 1 directly, not under npm.
# With npm start's two heap flags (package.json; the README and decision 0037 say why).
CMD ["node", "--max-semi-space-size=16", "--initial-old-space-size=64", "--liftoff-only", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering", "apps/server/dist/server.js"]
