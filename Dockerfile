# syntax=docker/dockerfile:1
# The RPC dashboard and gateway in one image: the build stage runs `npm run build`, which assembles
# release/ (server/release-layout.ts); the runtime stage holds only that directory and its runtime
# packages, and runs it as the unprivileged `node` user.
#   docker build -t rpc-dashboard .
#   docker run --env-file .env -p 8080:8080 rpc-dashboard

FROM node:24-bookworm-slim AS build
WORKDIR /src
# The lockfile first, so a change to the sources alone reuses the installed packages.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
# Exactly the release: its package.json and lockfile list only runtime packages.
COPY --from=build /src/release/ /app/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The release's files stay root's: the server reads them and writes nothing here.
USER node
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464
# 8080: the dashboard, the API and the gateway. 9464: /metrics, for Prometheus only (never publish it).
EXPOSE 8080 9464
# Liveness: 200 while the process serves. Node's own fetch, as the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (it drains for SHUTDOWN_DELAY_SECONDS, then exits).
CMD ["node", "build/server/start.js"]
