/**
 * What each subcommand does and takes: printed on --help before anything heavy is loaded,
 * so `--help` never starts a server, a bake or a render.
 */
import pkg from '../../package.json' with { type: 'json' }

export const VERSION: string = pkg.version

export const PROGRAM = 'aircraft-images'

const ENVIRONMENT = `Environment:
  PORT             port to listen on (default 3000)
  API_KEYS         comma-separated keys (8+ characters); without one, images are watermarked
  STORE            folder or s3://bucket/prefix for pre-rendered assets (default ./var/store)
  S3_ENDPOINT, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION   for an s3:// store
  WORKERS          serving processes (default 1)
  RENDER_THREADS   threads that draw one picture together (default: cores, at most 4)
  CACHE_MAX_BYTES  bytes of encoded images kept in memory per process
  LOG_LEVEL        debug, info, warn or error`

export const HELP: Record<'main' | 'serve' | 'bake' | 'render', string> = {
  main: `${PROGRAM} ${VERSION}: aircraft images in airline liveries, drawn on the CPU

Usage: ${PROGRAM} [command] [options]

Commands:
  serve    run the HTTP service (the default when no command is given)
  bake     pre-render the default assets into the store
  render   draw one image to a file or to stdout

Options:
  --help, -h      this text; \`${PROGRAM} <command> --help\` for a command's own
  --version, -v   the program's version

${ENVIRONMENT}`,

  serve: `Usage: ${PROGRAM} serve

Runs the HTTP service on PORT with the store named by STORE. Takes no options: the
configuration comes from the environment.

${ENVIRONMENT}`,

  bake: `Usage: ${PROGRAM} bake [--plane SELECTOR] [--airline SELECTOR] [--types png,jpg,webp] [--workers N] [--shard I/N]

Pre-renders the default assets (1280 px, every livery, angle and gear) into STORE, on
every core, with a progress bar on stderr and a JSON summary on stdout. Re-running skips
what the store has, so an interrupted bake resumes.

Options:
  --plane SELECTOR     only this plane (slug, IATA or ICAO code, or a fuzzy name)
  --airline SELECTOR   only this airline's liveries (no blanks)
  --types LIST         file types, comma-separated (default png,jpg,webp)
  --workers N          worker processes (default: the machine's cores)
  --shard I/N          bake only every N-th view from the I-th (0-based), in this process,
                       one JSON line per view on stdout (what bake's workers run)`,

  render: `Usage: ${PROGRAM} render --plane SELECTOR [--airline SELECTOR] [image options] [--out FILE] [--watermark]

Draws one image from the same parameters as GET /v1/images/plane (each as --name value)
and writes it to FILE, or to stdout when --out is - or absent and stdout is not a terminal.
Pre-rendered assets are read from STORE when it has them. format=json prints the image's
JSON description instead.

Options:
  --out FILE, -o FILE   where to write the image (- for stdout)
  --watermark           mark the image as the service does for requests without a key
{{parameters}}`,
}
