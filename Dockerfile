# The gateway (HTTP: GraphQL, /api, the built web app). Build from the repository root:
#   docker build -t fpa-gateway .
# Stage 1 installs everything and builds the web app; stage 2 holds production dependencies only,
# the server sources (run by tsx) and the built web app, and runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY write-model/package.json write-model/
COPY projections/package.json projections/
COPY api-gateway/package.json api-gateway/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY write-model/package.json write-model/
COPY projections/package.json projections/
COPY api-gateway/package.json api-gateway/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY write-model/src write-model/src
COPY projections/src projections/src
COPY api-gateway/src api-gateway/src
# export / import of the event log, run in a container: node --import tsx scripts/import-events.ts --in FILE
COPY scripts scripts
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /app/data/objects && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "api-gateway/src/main.ts"]
