# syntax=docker/dockerfile:1
# The service's image: the build stage compiles the app and assembles the runtime folder
# (scripts/assemble-runtime.mjs: standalone server, static assets, migrations, the bundled CLI); the image copies
# exactly that folder onto node:20-slim and runs it as the unprivileged user `node`.
#   docker build -t onboarding-service .
#   docker compose up         (compose.yaml: with PostgreSQL; README, "Container image")
# test/unit/deploy/dockerfile.test.ts checks that the image copies nothing but that folder, and
# e2e/resilience/runtime-folder.spec.ts starts the same folder alone and runs the smoke checks against it.

FROM node:20-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx next build && node scripts/assemble-runtime.mjs /runtime

FROM node:20-slim
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data \
    NEXT_MANUAL_SIG_HANDLE=1
WORKDIR /app
COPY --from=build /runtime/ /app/
# The code stays root's (read-only to the server); the server writes only its data directory and Next.js's cache.
RUN mkdir -p /data /app/.next/cache && chown node:node /data /app/.next/cache
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (it does not touch the database); a load balancer asks /api/ready instead (docs/operations.md).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command line in a running container: docker compose exec app node cli.mjs <command> (from /app).
CMD ["node", "server.js"]
