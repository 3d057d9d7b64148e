# The hub's container image, for hosts that can pull from a registry (docs/deploy.md, "The
# container image"). Without registry access build/hub-image/build-offline.sh makes the same
# image. From the repository root:
#
#   docker build -f build/hub.Dockerfile --build-arg HUB_VERSION=1.4.0 \
#     --build-arg HUB_IMAGE=registry.example.com/notebook-hub:1.4.0 \
#     -t registry.example.com/notebook-hub:1.4.0 .
#
# HUB_VERSION is what /api/v1/version and the `service.version` telemetry attribute report (the
# image's SERVICE_VERSION); HUB_IMAGE, optional, the image /api/v1/version names (SERVICE_IMAGE).
# The image holds no sandbox runtime: sessions run in sandboxes the hub starts through a driver
# (docs/sandboxes.md).

# The Node version of the image; build/hub-image/pins.sh reads it from here for the offline build.
ARG NODE_VERSION=20.20.2
# A registry mirror may serve the same official image under another name.
ARG NODE_IMAGE=node:${NODE_VERSION}-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
# Everything, dev dependencies included, to compile the service and build the UI; the image gets
# only what stage-app.sh stages (production dependencies of the service and the drivers).
RUN npm ci --ignore-scripts --no-audit --no-fund \
  && npm run build \
  && bash build/hub-image/stage-app.sh /stage/app

FROM ${NODE_IMAGE}
# tini runs as PID 1, forwards SIGTERM to the hub (which drains) and reaps what its children leave.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --gid 10001 hub \
  && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /data --shell /usr/sbin/nologin hub \
  && mkdir /data && chown 10001:10001 /data
COPY --from=build /stage/app /app
RUN ln -s /app/bin/notebook-hub.mjs /usr/local/bin/notebook-hub

# --- image configuration ---------------------------------------------------------------------
# build/hub-image/build-offline.sh applies everything from here to the end to the offline image
# as well: keep it to instructions that need nothing but the files above.
ARG HUB_VERSION=dev
ARG HUB_IMAGE=
ENV NODE_ENV=production \
    LANG=C.UTF-8 \
    HOME=/data \
    SERVICE_HOST=0.0.0.0 \
    SERVICE_PORT=8321 \
    SERVICE_DATA_DIR=/data \
    SERVICE_VERSION=${HUB_VERSION} \
    SERVICE_IMAGE=${HUB_IMAGE}
LABEL org.opencontainers.image.title=notebook-hub \
      org.opencontainers.image.description="Notebook Hub: projects, marimo notebooks and the sandboxes that run them" \
      org.opencontainers.image.version=${HUB_VERSION}
EXPOSE 8321
VOLUME ["/data"]
USER 10001:10001
WORKDIR /app
# (No --start-interval: the classic builder the offline build uses does not know it.)
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--", "notebook-hub"]
CMD ["serve"]
