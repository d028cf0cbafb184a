# The app image used by docker-compose.yml (it connects to DATABASE_URL; no embedded database).
# Node 24 is the current LTS (Node 20 reached its end of life in April 2026); the code also installs
# and passes its tests on Node 20.19+ (docs/OPERATIONS.md, "Node versions").
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/client/dist ./client/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
CMD ["node", "server/dist/main.js"]
