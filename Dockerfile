# The provider portal's container: the built Remix app behind its express server (server/), nothing else.
# Configured by environment only (README "Configuration"); at run time it calls the provider API and the identity
# service and nothing more (no CDN, fonts or telemetry; live chat and error reporting are off unless configured).
#
#   docker build -t exer-portal .
#   docker run -p 3000:3000 -e PROVIDER_API_URL=… -e COGNITO_REGION=… -e COGNITO_USER_POOL_ID=… \
#     -e COGNITO_CLIENT_ID=… -e SESSION_SECRETS=… -e HELP_CENTER_URL=… exer-portal
#
# One container runs one portal process per core (Node's cluster; WEB_CONCURRENCY=N to choose, 1 = a single process).
# Behind any load balancer (round robin, no sticky sessions): give every replica the same SESSION_SECRETS and set
# TRUST_PROXY to the proxy hops in front (e.g. 1); health check GET /healthz, readiness GET /readyz (README "Container").
#
# No Docker engine runs on the development machines: `npm run docker:verify` performs this file's stages (install,
# build, start as a non-root user, HEALTHCHECK) in a clean directory with Node 22 and lints it (scripts/docker/).

ARG NODE_IMAGE=node:22-bookworm-slim

# 1. Production dependencies only (what the server bundle imports at run time).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 2. The build: every dependency, the sources, `npm run build` (build/remix, build/client, build/server).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --ignore-scripts --no-audit --no-fund
COPY remix.config.js tsconfig.json tsconfig.app.json ./
COPY app ./app
COPY server ./server
COPY openapi ./openapi
COPY public ./public
RUN npm run build

# 3. The runtime: Node 22, production dependencies and the build output only, files owned by root and read-only
#    for the unprivileged user that runs the server.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "build/server/index.js"]
