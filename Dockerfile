# svc — multi-stage image: build with the full toolchain, ship only the bundle. dist/server.js carries the UI, the docs
# assets and the migrations; beside it dist/node_modules holds libsodium's addon, which signs Ed25519 in about half the
# time node:crypto takes (without it svc still runs, signing with node:crypto). The single binary (npm run
# build:binary, docs/runtimes.md) needs no Node in the image, but always signs with node:crypto: this image keeps Node.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
# Production by default: svc refuses to start without SVC_API_KEY (32+ characters) instead of running open.
ENV NODE_ENV=production ENVIRONMENT=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /src/dist ./dist
COPY --from=build /src/package.json ./package.json
RUN ln -s /app/dist/cli.js /usr/local/bin/svc
# Runs as the image's unprivileged `node` user; nothing under /app is writable by it.
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.js"]
