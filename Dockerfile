# syntax=docker/dockerfile:1
# The production image of the reference topology (compose.yaml). Its commands are those of
# docs/deployment.md, which scripts/deployment-doc.test.ts runs verbatim: `npm ci` and
# `npm run build` on the build side, `npm ci --omit=dev` and `node server/index.ts` on the runtime
# side; server/test/topology.test.ts runs that same server command three times behind nginx.

ARG NODE_VERSION=24

# ── Build: the full install, the prerendered site ──────────────────────────────────────────────
FROM node:${NODE_VERSION} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The site's public settings are part of the build (canonical URLs, sitemap, links); the server
# refuses to start with a PUBLIC_* variable that contradicts them.
ARG PUBLIC_SITE_URL
ARG PUBLIC_DASHBOARD_URL
ARG PUBLIC_DASHBOARD_COURSES_PATH
ARG PUBLIC_SIGNUP_PATH
ARG PUBLIC_STORE_URL
ARG PUBLIC_STORE_PROVIDER
ARG PUBLIC_PHONE
ARG PUBLIC_EMAIL
RUN test -n "$PUBLIC_SITE_URL" || { echo 'Set the build argument PUBLIC_SITE_URL (the site address, e.g. https://www.example.org)' >&2; exit 1; } \
 && for name in PUBLIC_DASHBOARD_URL PUBLIC_DASHBOARD_COURSES_PATH PUBLIC_SIGNUP_PATH PUBLIC_STORE_URL PUBLIC_STORE_PROVIDER PUBLIC_PHONE PUBLIC_EMAIL; do \
      eval "[ -n \"\$$name\" ] || unset $name"; \
    done \
 && npm run build

# ── Runtime: production dependencies only, a non-root user ──────────────────────────────────────
FROM node:${NODE_VERSION}-slim AS runtime
# Two malloc arenas: the render worker's native memory goes back to fewer, shared arenas once it
# stops (docs/operations.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# What step 2 of the README copies to a host: the server, the code it shares with the site, the
# content an empty database is filled from at first start, the build.
COPY server ./server
COPY common ./common
COPY content ./content
# The server marks the release it serves as in use (build/releases/<id>/in-use): its user writes there.
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
# SQLite lives here when DATABASE_URL is unset (one replica only).
VOLUME ["/data"]
EXPOSE 3000
# /api/health answers 200 only when the database answers (503 otherwise). The slim image has no
# curl: Node's fetch does the check. The server listens within seconds whatever the size of the
# content (pages render when asked for, ADR 021): it is checked every second while it starts,
# and 20 s leave room for the migrations of an upgrade; rendering never holds the check back.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --start-interval=1s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "server/index.ts"]
