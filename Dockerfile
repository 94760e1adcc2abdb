# syntax=docker/dockerfile:1.7
# npm ci falls back to npm install: the lock cannot list other platforms' optional binaries where it was
# made (see .ci/run), and npm ci refuses such a lock as out of sync.
# One multi-stage build, one target per process:
#   docker build --target gateway    -t pictura/gateway .
#   docker build --target auth       -t pictura/auth .        (billing, community, history, jobs alike)
#   docker build --target worker-cpu -t pictura/worker-cpu .
#   docker build --target worker-cuda -t pictura/worker-cuda .
#
# Runtime images hold production dependencies only, plus tsx: the services run their TypeScript through
# `node --import tsx services/<name>/src/main.ts` (and the worker's inference threads register tsx
# themselves), so tsx is a runtime dependency of the image even though it is a devDependency of the repo.
# It is installed at the version pinned in the root package.json (TSX_VERSION; test/deploy checks they match).
#
# Every image runs as uid/gid 10001, never writes its root filesystem, and needs only two writable paths:
# DATA_DIR (/data, the image store volume) and /tmp (tsx's transform cache). Models are mounted at
# MODELS_DIR (/models), never baked in.

ARG NODE_IMAGE=node:20-bookworm-slim
ARG CUDA_IMAGE=nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04
ARG TSX_VERSION=4.23.15

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

# ---- the web app (needs the dev toolchain; only its dist/ leaves this stage) -----------------------------
FROM manifests AS web-build
# Chromium pre-renders the marketing pages for every locale at build time (crawlers and first paint need no
# JavaScript); PRERENDER=required fails the build instead of shipping a plain single-page app.
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV PRERENDER=required
RUN --mount=type=cache,target=/root/.npm (npm ci --ignore-scripts --no-audit --no-fund || npm install --ignore-scripts --no-audit --no-fund)
COPY tsconfig.base.json tsconfig.json ./
COPY services/common/src/generation-options.ts services/common/src/locales.ts services/common/src/
COPY web/ web/
RUN npm run build -w @pictura/web

# ---- tsx and its own dependencies, installed apart and merged into each runtime's node_modules ----------
FROM node AS tsx
ARG TSX_VERSION
RUN --mount=type=cache,target=/root/.npm \
    npm install --prefix /opt/tsx --omit=dev --ignore-scripts --no-audit --no-fund --no-save "tsx@${TSX_VERSION}"

# ---- production dependencies per kind of process --------------------------------------------------------
# --ignore-scripts: sharp and esbuild ship prebuilt binaries as optional packages; onnxruntime-node's
# postinstall only downloads extra execution providers, which the CUDA target installs explicitly below.
FROM manifests AS deps-service
RUN --mount=type=cache,target=/root/.npm \
    (npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common || npm install --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common)
COPY --from=tsx /opt/tsx/node_modules/ node_modules/

FROM manifests AS deps-gateway
RUN --mount=type=cache,target=/root/.npm \
    (npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common -w @pictura/gateway || npm install --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common -w @pictura/gateway)
COPY --from=tsx /opt/tsx/node_modules/ node_modules/

FROM manifests AS deps-worker
RUN --mount=type=cache,target=/root/.npm \
    (npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common -w @pictura/worker || npm install --omit=dev --ignore-scripts --no-audit --no-fund -w @pictura/common -w @pictura/worker)
COPY --from=tsx /opt/tsx/node_modules/ node_modules/

FROM deps-worker AS deps-worker-cuda
# Downloads onnxruntime-node's CUDA 12 execution provider (from the ONNX Runtime NuGet feed) into the package.
RUN cd node_modules/onnxruntime-node && ONNXRUNTIME_NODE_INSTALL=cuda12 node script/install.js

# ---- common runtime base ---------------------------------------------------------------------------------
FROM node AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    GRPC_HOST=0.0.0.0 \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# The official image's "node" user is uid 1000; a dedicated fixed uid makes volume ownership predictable.
RUN groupadd --system --gid 10001 pictura \
 && useradd --system --uid 10001 --gid pictura --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pictura \
 && mkdir -p /data /models && chown pictura:pictura /data /models
COPY --chown=root:root package.json tsconfig.base.json tsconfig.json ./
COPY --chown=root:root deploy/healthcheck.mjs deploy/
VOLUME ["/data"]
STOPSIGNAL SIGTERM

# The five gRPC services share one shape; each target only names its folder, ports and health check.
FROM runtime AS service-base
COPY --from=deps-service --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/ services/common/

FROM service-base AS auth
COPY --chown=root:root services/auth/ services/auth/
ENV METRICS_PORT=9101
EXPOSE 7101 9101
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7101"]
CMD ["node", "--import", "tsx", "services/auth/src/main.ts"]

FROM service-base AS billing
COPY --chown=root:root services/billing/ services/billing/
ENV METRICS_PORT=9102
EXPOSE 7102 9102
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7102"]
CMD ["node", "--import", "tsx", "services/billing/src/main.ts"]

FROM service-base AS community
COPY --chown=root:root services/community/ services/community/
ENV METRICS_PORT=9103
EXPOSE 7103 9103
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7103"]
CMD ["node", "--import", "tsx", "services/community/src/main.ts"]

FROM service-base AS history
COPY --chown=root:root services/history/ services/history/
ENV METRICS_PORT=9104
EXPOSE 7104 9104
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7104"]
CMD ["node", "--import", "tsx", "services/history/src/main.ts"]

FROM service-base AS jobs
COPY --chown=root:root services/jobs/ services/jobs/
ENV METRICS_PORT=9105
EXPOSE 7105 9105
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "grpc", "127.0.0.1:7105"]
CMD ["node", "--import", "tsx", "services/jobs/src/main.ts"]

# ---- gateway: HTTP API, SSE, /files and the built web app ------------------------------------------------
FROM runtime AS gateway
COPY --from=deps-gateway --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/ services/common/
COPY --chown=root:root services/gateway/ services/gateway/
COPY --from=web-build --chown=root:root /app/web/dist web/dist/
ENV HOST=0.0.0.0 PORT=8080 METRICS_PORT=9100 WEB_DIST_DIR=/app/web/dist
EXPOSE 8080 9100
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http", "http://127.0.0.1:8080/api/health"]
CMD ["node", "--import", "tsx", "services/gateway/src/main.ts"]

# ---- worker on CPU ---------------------------------------------------------------------------------------
FROM runtime AS worker-cpu
COPY --from=deps-worker --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/ services/common/
COPY --chown=root:root services/worker/ services/worker/
ENV METRICS_PORT=9106 MODELS_DIR=/models EXECUTION_PROVIDER=cpu
EXPOSE 9106
USER 10001:10001
# The worker has no gRPC server: it is healthy while it serves its metrics (it starts them after the
# models loaded and the queues are consumed).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http", "http://127.0.0.1:9106/metrics"]
CMD ["node", "--import", "tsx", "services/worker/src/main.ts"]

# ---- worker on an NVIDIA GPU: CUDA 12 + cuDNN 9 runtime, Node copied from the official image -------------
FROM ${CUDA_IMAGE} AS worker-cuda
COPY --from=node /usr/local/bin/node /usr/local/bin/node
ENV NODE_ENV=production \
    DATA_DIR=/data \
    GRPC_HOST=0.0.0.0 \
    METRICS_PORT=9106 \
    MODELS_DIR=/models \
    EXECUTION_PROVIDER=cuda \
    NODE_OPTIONS=--enable-source-maps \
    NVIDIA_VISIBLE_DEVICES=all \
    NVIDIA_DRIVER_CAPABILITIES=compute,utility
WORKDIR /app
RUN groupadd --system --gid 10001 pictura \
 && useradd --system --uid 10001 --gid pictura --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pictura \
 && mkdir -p /data /models && chown pictura:pictura /data /models
COPY --chown=root:root package.json tsconfig.base.json tsconfig.json ./
COPY --chown=root:root deploy/healthcheck.mjs deploy/
COPY --from=deps-worker-cuda --chown=root:root /app/node_modules node_modules/
COPY --chown=root:root services/common/ services/common/
COPY --chown=root:root services/worker/ services/worker/
VOLUME ["/data"]
STOPSIGNAL SIGTERM
EXPOSE 9106
USER 10001:10001
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs", "http", "http://127.0.0.1:9106/metrics"]
CMD ["node", "--import", "tsx", "services/worker/src/main.ts"]
