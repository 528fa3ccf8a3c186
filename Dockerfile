# The gateway (and, with another command, a projection worker) as a container.
# Stage 1 builds the web app; stage 2 holds production dependencies only and runs as a non-root user.
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
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npx", "tsx", "api-gateway/src/main.ts"]
