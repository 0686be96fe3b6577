# The Backhaul image: one image for the API processes and the job workers (docker-compose.yml,
# docs/deploy.md). Untested on the machine it was written on (no docker there).

# Build: the web app (Vite, with .br/.gz beside each file) and the server (esbuild, packages/server/dist).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies and what the build made; no sources, so nothing is compiled at start.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/web/dist packages/web/dist
# start, worker, backup and restore (scripts/build-if-stale.mjs finds the built bundles and builds nothing).
COPY scripts/start.mjs scripts/backup.mjs scripts/restore.mjs scripts/build-if-stale.mjs scripts/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# `npm start`; the worker service runs `node scripts/start.mjs worker` (`npm run worker`).
CMD ["node", "scripts/start.mjs"]
