# syntax=docker/dockerfile:1
# The service as one compiled binary (`bun run build` -> dist/aircraft-images: Bun, the
# code, the catalog, fonts and the render thread in one file) on a distroless base with
# glibc and libstdc++ (@napi-rs/canvas is the gnu build), run as a non-root user.
#   docker build -t aircraft-images .
#   docker run -p 3000:3000 -e API_KEYS=... aircraft-images            # serve
#   docker run -e STORE=s3://bucket/prefix ... aircraft-images bake --shard 0/4

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
RUN mkdir -p /out/data/store

FROM gcr.io/distroless/cc-debian12:nonroot AS runtime
WORKDIR /app
COPY --from=build /src/dist/aircraft-images /app/aircraft-images
COPY --from=build --chown=65532:65532 /out/data /data
ENV PORT=3000 \
    STORE=/data/store \
    WORKERS=1 \
    LOG_LEVEL=info
USER 65532:65532
EXPOSE 3000
VOLUME ["/data"]
ENTRYPOINT ["/app/aircraft-images"]
CMD ["serve"]
