# The provider portal's container: the built React Router app behind its express server (server/), nothing else.
# Configured by environment only (README "Configuration", "Deploying"); at run time it calls the provider API, the
# identity service and the PostgreSQL of its shared stores, nothing more (no CDN, fonts or telemetry; live chat,
# error reporting and traces are off unless configured).
#
#   docker build -t exer-portal .            (podman: add --format docker, or the HEALTHCHECK is dropped)
#   docker run -p 3000:3000 -e PROVIDER_API_URL=… -e COGNITO_REGION=… -e COGNITO_USER_POOL_ID=… \
#     -e COGNITO_CLIENT_ID=… -e SESSION_SECRETS=… -e HELP_CENTER_URL=… -e THROTTLE_DATABASE_URL=postgres://… exer-portal
#   (THROTTLE_DATABASE_URL: the sign-in throttle's and session revocation's shared store, ADR 022; or
#   -e THROTTLE_STORE=local for one container)
#
# One container runs one portal process per core (Node's cluster; WEB_CONCURRENCY=N to choose, 1 = a single process;
# on Kubernetes 1 per pod, deploy/kubernetes/). Behind any load balancer (round robin, no sticky sessions): give every
# replica the same SESSION_SECRETS and set TRUST_PROXY to the proxy hops in front (e.g. 1); liveness GET /healthz,
# readiness GET /readyz (README "Deploying").
#
# `npm run container:verify` builds this file with podman (the base image made locally: no registry is reachable
# from the development machines; NODE_IMAGE=<the local localhost/node:24-trixie-slim's image id>), runs it and
# drives it with a browser (scripts/container/, ADRs 028 and 041).
#
# The base: Debian 13 (trixie, the supported stable release; its security and updates sources are in the image's
# apt sources) with Node 24 LTS, pinned to an exact release. Where your builder pulls it, pin it by digest too:
#   docker buildx imagetools inspect node:24.22.3-trixie-slim     → --build-arg NODE_IMAGE=node:24.22.3-trixie-slim@sha256:…
# A build host that needs its own certificate authorities to reach the npm registry (a TLS-intercepting proxy, a
# mirror) passes them as a build secret, seen by the install stage only — never a file or an environment
# variable of the runtime image (container:verify fails an image that has them):
#   docker build --secret id=build_ca,src=/etc/ssl/certs/ca-certificates.crt -t exer-portal .

ARG NODE_IMAGE=node:24.22.3-trixie-slim

# 1. Every dependency, exactly as the lockfile has them, downloaded and unpacked once: the build (stage 3) uses them
#    all, the runtime (stage 2) the production ones. npm's cache goes with the step (it is not in the layer).
FROM ${NODE_IMAGE} AS modules
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=build_ca \
    if [ -s /run/secrets/build_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/build_ca; fi \
 && npm ci --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# 2. Production dependencies only (what the server bundles import at run time): stage 1's tree pruned of what the
#    lockfile marks dev — the tree `npm ci --omit=dev` installs, without a second download and unpacking of the
#    packages it shares with the build (ADR 028; container:verify checks that no dev package is in the image); the
#    scopes prune leaves empty (@babel/, @vitest/, …) go too.
#    `--omit=dev` still keeps typescript (and @types/react with csstype): @react-router/node and
#    @react-router/express declare typescript, react-easy-crop @types/react, as optional peers, and since the dev
#    dependencies put them in the lockfile npm resolves those edges and marks the packages devOptional, not dev
#    (npm/cli#6282, #7772). `--omit=optional` would drop them but also sharp's native @img/sharp-linux-* packages;
#    nothing loads them at run time (types only), so they are removed by name. Also removed, as nothing reads them at
#    run time: source maps and type declarations of the packages (the server's own map, build/server/*.map, stays),
#    and echarts' browser bundles (dist/ but for dist/echarts.js, its `require` entry; the server imports its ES
#    modules, lib/): 171 → 119 MB measured (ADR 028). container:verify imports every package the bundles import.
#    The image's software bill of materials (CycloneDX) is made by container:verify from the image's own files (these
#    packages, Debian's, Node): `npm sbom --omit=dev --package-lock-only` left out react, express and zod (ADR 041).
FROM modules AS deps
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && find node_modules -mindepth 1 -maxdepth 1 -type d -name '@*' -empty -delete \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver node_modules/@types node_modules/csstype \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
 && find node_modules/echarts/dist -mindepth 1 -maxdepth 1 ! -name echarts.js ! -name package.json -exec rm -rf {} +

# 3. The build: every dependency, the sources, `npm run build` (React Router's Vite build: build/client and
#    build/server/react-router.js; esbuild bundles server/ to build/server/index.js).
FROM modules AS build
COPY react-router.config.ts vite.config.ts tsconfig.json tsconfig.app.json ./
# The build's chunk groups and precompression (ADR 038), imported by vite.config.ts.
COPY scripts/bundle ./scripts/bundle
COPY app ./app
COPY server ./server
COPY openapi ./openapi
COPY public ./public
RUN npm run build

# 4. The runtime: Node 24, production dependencies and the build output only, files owned by root and read-only
#    for the unprivileged user that runs the server. fonts/pdf/ is the PDFs' Unicode font (ADR 032: about 4 MB,
#    Brotli-compressed; the server finds it above build/server/).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json ./
COPY fonts/pdf ./fonts/pdf
# The common-password list the password rule reads (app/auth/password.server.ts finds it up from build/server/).
COPY wordlists ./wordlists
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "build/server/index.js"]
