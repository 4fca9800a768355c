# Coinlens: one image for every role (web, worker, or both). Build: docker build -t coinlens .
# Run the embedded default: docker run -p 8080:8080 -v coinlens-data:/app/.data coinlens
# Multi-process deployment (PostgreSQL, Redis, 2 web, 1 worker, reverse proxy): deploy/compose.yaml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Workspace manifests first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/nlp/package.json packages/nlp/
COPY packages/ta/package.json packages/ta/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /app/.data && chown -R node:node /app/.data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
