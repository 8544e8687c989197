# syntax=docker/dockerfile:1
# The production image of Data Collection Framework (docs/operations.md, "The image"; decision 0033).
# Two stages: `build` installs everything and builds the web app and the server and CLI bundles;
# `runtime` holds production dependencies only, the bundles and the web app, runs as the unprivileged
# `node` user and starts node itself (no npm in between, so SIGTERM reaches the server and it drains).
# scripts/image-steps.mjs runs the same steps without Docker in a clean folder (CI has no Docker engine).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/forms/package.json packages/forms/
# `npm install`, not `npm ci`: decision 0001 (the lock cannot list Biome's other-platform packages).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build:image

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/forms/package.json packages/forms/
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/api/src/db/seed/data apps/api/src/db/seed/data
USER node
EXPOSE 3000 9464
# Liveness: the process answers. The orchestrator's readiness probe should use /v1/api/health/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/v1/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
