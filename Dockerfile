# syntax=docker/dockerfile:1.7
# One multi-stage build, one target per process:
#   docker build --target gateway    -t pictura/gateway .
#   docker build --target auth       -t pictura/auth .        (billing, community, history, jobs alike)
#   docker build --target worker-cpu -t pictura/worker-cpu .
#   docker build --target worker-cuda -t pictura/worker-cuda .
#
# Runtime images hold JavaScript and production dependencies only: no TypeScript, no tsx. The build stage
# compiles each service to services/<name>/dist (scripts/build-services.mjs), and each image runs
#   node --conditions=pictura-dist services/<name>/dist/main.js
# The condition makes @pictura/common/* resolve to services/common/dist (its package.json "exports");
# NODE_OPTIONS carries it as well, so every other node command in an image (the models CLI, the admin
# console: node services/gateway/dist/admin.cli.js …) resolves the same way. It also preloads
# @pictura/common/process-start, which loads drizzle-orm's CommonJS build for quicker starts.
#
# Every image runs as uid/gid 10001, never writes its root filesystem, and needs only two writable paths:
# DATA_DIR (/data, the image store volume) and /tmp. Models are mounted at MODELS_DIR (/models), never
# baked in. Dependencies install with `npm ci` from the lock file alone (it lists every platform's binaries).

ARG NODE_IMAGE=node:24-bookworm-slim
ARG CUDA_IMAGE=nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04

# ---------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS node

# Only the manifests, so dependency layers are cached until a package.json or the lockfile changes.
FROM node AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY services/auth/package.json services/auth/
COPY services/billing/package.json services/billing/
COPY services/common/package.json services/common/
COPY services/community/package.json services/community/
COPY services/gateway/package.json services/gateway/
COPY services/history/package.json services/history/
COPY services/jobs/package.json services/jobs/
COPY services/worker/package.json services/worker/
COPY web/package.json web/

# The whole dev toolchain, for the two build stages; nothing of it reaches a runtime image. The build stages
# run on the build machine's own platform: what they make (JavaScript, the static web app) is the same for
# every platform, and a multi-platform build would otherwise emulate the toolchain for each.
FROM --platform=$BUILDPLATFORM ${NODE_IMAGE} AS dev-deps
WORKDIR /app
COPY --from=manifests /app/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund

# ---- the services, compiled to JavaScript (only services/*/dist leaves this stage) -----------------------
FROM dev-deps AS services-build
COPY scripts/build-services.mjs scripts/
COPY services/ services/
RUN node scripts/build-services.mjs

# ---- the web app (needs the dev toolchain; only its dist/ leaves this stage) -----------------------------
FROM dev-deps AS web-build
# The build pre-renders the marketing pages of every locale with React in Node (web/scripts/prerender.ts):
# crawlers and the first paint need no JavaScript, and the build needs no browser.
COPY tsconfig.base.json tsconfig.json ./
COPY services/common/src/ services/common/src/
COPY web/ web/
RUN npm run build -w @pictura/web

# ---- production dependencies per kind of process --------------------------------------------------------
# --ignore-scripts: sharp and esbuild ship prebuilt binaries as optional packages; onnxruntime-node's
# postinstall only downloads extra execution providers, which the CUDA target installs explicitly below.
FROM manifests AS deps-service
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common

FROM manifests AS deps-gateway
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common -w @pictura/gateway

FROM manifests AS deps-worker
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common -w @pictura/worker

FROM deps-worker AS deps-worker-cuda
# Downloads onnxruntime-node's CUDA 12 execution provider (from the ONNX Runtime NuGet feed) into the package.
RUN cd node_modules/onnxruntime-node && ONNXRUNTIME_NODE_INSTALL=cuda12 node script/install.js

# ---- common runtime base ---------------------------------------------------------------------------------
FROM node AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    GRPC_HOST=0.0.0.0 \
    NODE_OPTIONS="--enable-source-maps --conditions=pictura-dist --import=@pictura/common/process-start"
WORKDIR /app
# The official image's "node" user is uid 1000; a dedicated fixed uid makes volume ownership predictable.
RUN groupadd --system --gid 10001 pictura \
 && useradd --system --uid 10001 --gid pictura --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pictura \
 && mkdir -p /data /models && chown pictura:pictura /data /models
COPY --chown=root:root package.json ./
COPY --chown=root:root deploy/healthcheck.mjs deploy/
VOLUME ["/data"]
STOPSIGNAL SIGTERM

# The five gRPC services share one shape; each target only names its folder, ports and health check.
FROM runtime AS service-base
COPY --from=deps-service --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/package.json services/common/
COPY --from=services-build --chown=root:root /app/services/common/dist services/common/dist/

FROM service-base AS auth
COPY --chown=root:root services/auth/package.json services/auth/
COPY --chown=root:root services/auth/migrations services/auth/migrations/
COPY --from=services-build --chown=root:root /app/services/auth/dist services/auth/dist/
ENV METRICS_PORT=9101
EXPOSE 7101 9101
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7101"]
CMD ["node", "--conditions=pictura-dist", "services/auth/dist/main.js"]

FROM service-base AS billing
COPY --chown=root:root services/billing/package.json services/billing/
COPY --chown=root:root services/billing/migrations services/billing/migrations/
COPY --from=services-build --chown=root:root /app/services/billing/dist services/billing/dist/
ENV METRICS_PORT=9102
EXPOSE 7102 9102
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7102"]
CMD ["node", "--conditions=pictura-dist", "services/billing/dist/main.js"]

FROM service-base AS community
COPY --chown=root:root services/community/package.json services/community/
COPY --chown=root:root services/community/migrations services/community/migrations/
COPY --from=services-build --chown=root:root /app/services/community/dist services/community/dist/
ENV METRICS_PORT=9103
EXPOSE 7103 9103
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7103"]
CMD ["node", "--conditions=pictura-dist", "services/community/dist/main.js"]

FROM service-base AS history
COPY --chown=root:root services/history/package.json services/history/
COPY --chown=root:root services/history/migrations services/history/migrations/
COPY --from=services-build --chown=root:root /app/services/history/dist services/history/dist/
ENV METRICS_PORT=9104
EXPOSE 7104 9104
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7104"]
CMD ["node", "--conditions=pictura-dist", "services/history/dist/main.js"]

FROM service-base AS jobs
COPY --chown=root:root services/jobs/package.json services/jobs/
COPY --chown=root:root services/jobs/migrations services/jobs/migrations/
COPY --from=services-build --chown=root:root /app/services/jobs/dist services/jobs/dist/
ENV METRICS_PORT=9105
EXPOSE 7105 9105
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7105"]
CMD ["node", "--conditions=pictura-dist", "services/jobs/dist/main.js"]

# ---- gateway: HTTP API, SSE, /files and the built web app ------------------------------------------------
FROM runtime AS gateway
COPY --from=deps-gateway --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/package.json services/common/
COPY --from=services-build --chown=root:root /app/services/common/dist services/common/dist/
COPY --chown=root:root services/gateway/package.json services/gateway/
COPY --from=services-build --chown=root:root /app/services/gateway/dist services/gateway/dist/
COPY --from=web-build --chown=root:root /app/web/dist web/dist/
ENV HOST=0.0.0.0 PORT=8080 METRICS_PORT=9100 WEB_DIST_DIR=/app/web/dist
EXPOSE 8080 9100
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http", "http://127.0.0.1:8080/api/health"]
CMD ["node", "--conditions=pictura-dist", "services/gateway/dist/main.js"]

# ---- worker on CPU ---------------------------------------------------------------------------------------
FROM runtime AS worker-cpu
COPY --from=deps-worker --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/package.json services/common/
COPY --from=services-build --chown=root:root /app/services/common/dist services/common/dist/
COPY --chown=root:root services/worker/package.json services/worker/
COPY --from=services-build --chown=root:root /app/services/worker/dist services/worker/dist/
# The built-in models (Pictura Emoji), which the worker finds relative to its code.
COPY --chown=root:root services/worker/models services/worker/models/
ENV METRICS_PORT=9106 MODELS_DIR=/models EXECUTION_PROVIDER=cpu
EXPOSE 9106
USER 10001:10001
# The worker has no gRPC server: it is healthy while it serves its metrics (it starts them after the
# models loaded and the queues are consumed).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http", "http://127.0.0.1:9106/metrics"]
CMD ["node", "--conditions=pictura-dist", "services/worker/dist/main.js"]

# ---- worker on an NVIDIA GPU: CUDA 12 + cuDNN 9 runtime, Node copied from the official image -------------
FROM ${CUDA_IMAGE} AS worker-cuda
COPY --from=node /usr/local/bin/node /usr/local/bin/node
ENV NODE_ENV=production \
    DATA_DIR=/data \
    GRPC_HOST=0.0.0.0 \
    METRICS_PORT=9106 \
    MODELS_DIR=/models \
    EXECUTION_PROVIDER=cuda \
    NODE_OPTIONS="--enable-source-maps --conditions=pictura-dist --import=@pictura/common/process-start" \
    NVIDIA_VISIBLE_DEVICES=all \
    NVIDIA_DRIVER_CAPABILITIES=compute,utility
WORKDIR /app
RUN groupadd --system --gid 10001 pictura \
 && useradd --system --uid 10001 --gid pictura --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pictura \
 && mkdir -p /data /models && chown pictura:pictura /data /models
COPY --chown=root:root package.json ./
COPY --chown=root:root deploy/healthcheck.mjs deploy/
COPY --from=deps-worker-cuda --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/package.json services/common/
COPY --from=services-build --chown=root:root /app/services/common/dist services/common/dist/
COPY --chown=root:root services/worker/package.json services/worker/
COPY --from=services-build --chown=root:root /app/services/worker/dist services/worker/dist/
# The built-in models (Pictura Emoji), which the worker finds relative to its code.
COPY --chown=root:root services/worker/models services/worker/models/
VOLUME ["/data"]
STOPSIGNAL SIGTERM
EXPOSE 9106
USER 10001:10001
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http", "http://127.0.0.1:9106/metrics"]
CMD ["node", "--conditions=pictura-dist", "services/worker/dist/main.js"]
