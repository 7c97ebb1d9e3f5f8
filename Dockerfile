# syntax=docker/dockerfile:1
# The service as one compiled binary (`bun run build` -> dist/aircraft-images: Bun, the
# code, the catalog and the render thread in one file) on a distroless base with
# glibc and libstdc++ (@napi-rs/canvas is the gnu build), run as a non-root user.
#   docker build -t aircraft-images --build-arg REVISION=$(git rev-parse HEAD) \
#     --build-arg CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ) .
#   docker run -p 3000:3000 -e API_KEYS=... aircraft-images            # serve
#   docker run -e STORE=s3://bucket/prefix ... aircraft-images bake --shard 0/4
# The build stage's steps run in its WORKDIR with relative paths only, so
# test/deploy/dockerfile.test.ts runs the same commands in a temporary folder (no Docker here).

FROM oven/bun:1.4.5-debian AS build
WORKDIR /src
COPY package.json bun.lock ./
# production dependencies only: the dev ones are for tests and benches
RUN bun install --frozen-lockfile --production
COPY tsconfig.json ./
COPY assets ./assets
COPY src ./src
RUN bun run build
# the store folder for a single machine, owned by the user that runs the binary
RUN mkdir -p data/store

FROM gcr.io/distroless/cc-debian12:nonroot AS runtime
# the version of package.json; the revision and date come from the build command
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="aircraft-images" \
      org.opencontainers.image.description="Images of Airbus and Boeing passenger models in airline liveries, drawn in 3D on the CPU" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="gcr.io/distroless/cc-debian12:nonroot"
WORKDIR /app
COPY --from=build /src/dist/aircraft-images /app/aircraft-images
COPY --from=build --chown=65532:65532 /src/data /data
ENV PORT=3000 \
    STORE=/data/store \
    WORKERS=1 \
    LOG_LEVEL=info
USER 65532:65532
EXPOSE 3000
VOLUME ["/data"]
# The image has no shell and no curl: the binary asks itself. `healthcheck` exits 0 when
# /v1/health/ready answers 200 on 127.0.0.1:$PORT (ready: store answering, renderer warm),
# 1 otherwise. The first start warms the renderer for some seconds (about 20 s on 2 busy
# cores), hence the start period; the check's own request gives up after 2 s.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["/app/aircraft-images", "healthcheck"]
ENTRYPOINT ["/app/aircraft-images"]
CMD ["serve"]
