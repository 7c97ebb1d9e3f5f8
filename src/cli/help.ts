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

export const COMMANDS = ['serve', 'bake', 'render', 'healthcheck', 'help'] as const
export type Command = (typeof COMMANDS)[number]

export const HELP: Record<Command | 'main', string> = {
  main: `${PROGRAM} ${VERSION}: aircraft images in airline liveries, drawn on the CPU

Usage: ${PROGRAM} [command] [options]

Commands:
  serve         run the HTTP service (the default when no command is given)
  bake          pre-render the default assets into the store
  render        draw one image to a file or to stdout
  healthcheck   exit 0 when the service on this machine is ready (for a container HEALTHCHECK)
  help          this text, or a command's: \`${PROGRAM} help <command>\`

Options:
  --help, -h      this text; \`${PROGRAM} <command> --help\` for a command's own
  --version, -v   the program's version

Exit status: 0 done, 1 failed (or not ready), 2 wrong usage (unknown command or option, bad value).
Logs and progress go to stderr and stdout carries only a command's output (serve logs on stdout).

${ENVIRONMENT}`,

  serve: `Usage: ${PROGRAM} serve

Runs the HTTP service on PORT with the store named by STORE. Takes no options: the
configuration comes from the environment.

${ENVIRONMENT}`,

  bake: `Usage: ${PROGRAM} bake [--plane SELECTOR] [--airline SELECTOR] [--types png,jpg,webp] [--workers N] [--shard I/N]

Pre-renders the default assets (1280 px, every livery, angle and gear) into STORE, on
every core, with progress on stderr (a bar on a terminal, a plain line every few seconds
otherwise) and a JSON summary on stdout. Re-running skips what the store has, so an
interrupted bake resumes. An unknown plane or airline is refused (exit 2).

Options:
  --plane SELECTOR     only this plane (slug, IATA or ICAO code, or a fuzzy name)
  --airline SELECTOR   only this airline's liveries (no blanks)
  --types LIST         file types, comma-separated (default png,jpg,webp)
  --workers N          worker processes (default: the machine's cores)
  --shard I/N          bake only every N-th view from the I-th (0-based), in this process,
                       one JSON line per view on stdout (what bake's workers run)`,

  render: `Usage: ${PROGRAM} render --plane SELECTOR [--airline SELECTOR] [image options] [--out FILE] [--store LOCATION]
         [--allow-fallback] [--watermark]

Draws one image from the same parameters as GET /v1/images/plane (each as --name value)
and writes it to FILE, or to stdout when --out is - or absent and stdout is not a terminal.
It draws in memory and leaves no files but FILE, unless --store names a store. --format
json prints the image's JSON description instead. A plane or airline that matches nothing,
or a livery the airline lacks, fails (exit 1) where the service would draw a substitute;
a bad option value is a usage error (exit 2).

Options:
  --out FILE, -o FILE   where to write the image (- for stdout)
  --store LOCATION      folder or s3://bucket/prefix: use its pre-rendered assets, keep what is drawn
  --allow-fallback      draw what the service would serve instead (the default plane, a blank livery)
  --watermark           mark the image as the service does for requests without a key
{{parameters}}`,

  healthcheck: `Usage: ${PROGRAM} healthcheck [--port N]

Asks the service on this machine (127.0.0.1, the port from --port, else PORT, else 3000)
for GET /v1/health/ready and exits 0 when it answers 200 within 2 s, 1 otherwise. For a
container HEALTHCHECK in an image without a shell or curl:
  HEALTHCHECK CMD ["/app/aircraft-images", "healthcheck"]

Options:
  --port N   the port the service listens on`,

  help: `Usage: ${PROGRAM} help [command]

Prints the program's usage, or a command's (the same as \`${PROGRAM} <command> --help\`).`,
}
