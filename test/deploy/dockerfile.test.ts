/**
 * The Dockerfile without Docker (the machine has only its client): its build stage is
 * replayed in a temporary folder standing for the stage's filesystem (WORKDIR and COPY as
 * Docker does them, each RUN as the same shell command), the runtime stage's COPY --from
 * sources must then exist there, and the binary it built must pass the image's HEALTHCHECK
 * command once serving, and fail it once stopped. The labels and the healthcheck's options
 * are checked as written. About 30 s, most of it the service warming up; the folder is
 * removed at the end.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, posix } from 'node:path'
import { startService } from '../support/service-process'

const ROOT = join(import.meta.dir, '../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const pkg = JSON.parse(read('package.json')) as { version: string }

interface Instruction {
  op: string
  args: string
}
interface Stage {
  from: string
  name?: string
  instructions: Instruction[]
}

/** the Dockerfile's stages and instructions, continuation lines joined, comments and directives dropped */
function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = []
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
  for (const line of lines) {
    const m = /^\s*([A-Za-z]+)\s+(.*?)\s*$/.exec(line)
    if (!m) continue
    const op = m[1].toUpperCase()
    if (op === 'FROM') {
      const [, from, name] = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(m[2])!
      stages.push({ from, name, instructions: [] })
    } else {
      if (stages.length === 0) throw new Error(`${op} before the first FROM`)
      stages.at(-1)!.instructions.push({ op, args: m[2].replace(/\s+/g, ' ') })
    }
  }
  return stages
}

/** KEY=value pairs (values quoted or not), as LABEL and ENV write them */
function pairs(args: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of args.matchAll(/([\w.-]+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))/g))
    out[m[1]] = m[2] ?? m[3]
  return out
}

/** the options (--name=value) and the exec-form command of a HEALTHCHECK */
function healthcheck(args: string) {
  const m = /^((?:--[\w-]+=\S+\s+)*)CMD\s+(\[.*\])$/.exec(args)
  if (!m) throw new Error(`HEALTHCHECK is not "[options] CMD [exec form]": ${args}`)
  const options = Object.fromEntries(
    [...m[1].matchAll(/--([\w-]+)=(\S+)/g)].map((o) => [o[1], o[2]]),
  )
  return { options, command: JSON.parse(m[2]) as string[] }
}

/** "30s", "1m30s" in seconds */
const seconds = (duration: string) => {
  let total = 0
  for (const m of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2] as 'ms' | 's' | 'm' | 'h']
  return total
}

const stages = parseDockerfile(read('Dockerfile'))
const build = stages[0]
const runtime = stages.at(-1)!
const last = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op).at(-1)

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

describe('the image as the Dockerfile describes it', () => {
  test('its HEALTHCHECK is the binary asking itself, with time for the warm-up', () => {
    const check = last(runtime, 'HEALTHCHECK')
    expect(check).toBeDefined()
    const { options, command } = healthcheck(check!.args)
    expect(command).toEqual(['/app/aircraft-images', 'healthcheck'])
    // the program the image runs is the one the check calls
    expect(JSON.parse(last(runtime, 'ENTRYPOINT')!.args)).toEqual([command[0]])
    // the check's own request gives up after 2 s; the first start warms the renderer for ~20 s
    expect(seconds(options.timeout)).toBeGreaterThanOrEqual(3)
    expect(seconds(options['start-period'])).toBeGreaterThanOrEqual(30)
    expect(seconds(options.interval)).toBeGreaterThanOrEqual(seconds(options.timeout))
    expect(Number(options.retries)).toBeGreaterThanOrEqual(2)
  })

  test('it carries the OCI labels, its version that of package.json', () => {
    const labels = Object.assign(
      {},
      ...runtime.instructions.filter((i) => i.op === 'LABEL').map((i) => pairs(i.args)),
    ) as Record<string, string>
    for (const key of Object.keys(labels)) expect(key).toStartWith('org.opencontainers.image.')
    for (const key of ['title', 'description', 'version', 'revision', 'created', 'base.name'])
      expect(labels[`org.opencontainers.image.${key}`]).toBeTruthy()
    const args = Object.assign(
      {},
      ...runtime.instructions.filter((i) => i.op === 'ARG').map((i) => pairs(i.args)),
    ) as Record<string, string>
    // a label from an ARG takes its default unless the build command sets it
    const value = (label: string) => label.replace(/\$\{(\w+)\}/g, (_, name) => args[name] ?? '')
    expect(value(labels['org.opencontainers.image.version'])).toBe(pkg.version)
    expect(labels['org.opencontainers.image.base.name']).toBe(runtime.from)
  })

  test('every base image is a fixed version, not a moving name', () => {
    expect(build.from).toMatch(/:\d+\.\d+\.\d+(-\w+)?$/)
    for (const stage of stages) expect(stage.from).not.toMatch(/:latest$|^[^:]+$/)
  })
})

describe('the build stage, replayed outside Docker', () => {
  let root = ''
  let binary = ''

  test(
    'its COPY sources exist, its RUN steps pass, and it leaves what the runtime stage copies',
    async () => {
      root = mkdtempSync(join(tmpdir(), 'docker-build-'))
      folders.push(root)
      const ignored = read('.dockerignore')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
      let workdir = '/'
      const env: Record<string, string> = {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      } as Record<string, string>
      const inStage = (path: string) => join(root, posix.resolve(workdir, path))
      for (const { op, args } of build.instructions) {
        if (op === 'WORKDIR') {
          workdir = posix.resolve(workdir, args)
          mkdirSync(inStage('.'), { recursive: true })
        } else if (op === 'COPY') {
          expect(args).not.toStartWith('--')
          const parts = args.split(' ')
          const dest = parts.pop()!
          for (const source of parts) {
            expect(isAbsolute(source)).toBe(false)
            expect(existsSync(join(ROOT, source))).toBe(true)
            expect(ignored).not.toContain(source.replace(/\/$/, ''))
            const isDir = statSync(join(ROOT, source)).isDirectory()
            // `COPY a b ./`: into the folder; `COPY dir ./dir`: the folder's content into ./dir
            const target =
              dest.endsWith('/') && !isDir
                ? join(inStage(dest), posix.basename(source))
                : inStage(dest)
            cpSync(join(ROOT, source), target, { recursive: true })
          }
        } else if (op === 'RUN') {
          // runnable anywhere: no absolute path in a build step
          expect(args.split(' ').filter((word) => word.startsWith('/'))).toEqual([])
          const proc = Bun.spawn(['sh', '-c', args], {
            cwd: inStage('.'),
            env,
            stdout: 'pipe',
            stderr: 'pipe',
          })
          const [out, err, code] = await Promise.all([
            new Response(proc.stdout).text(),
            new Response(proc.stderr).text(),
            proc.exited,
          ])
          if (code !== 0) throw new Error(`RUN ${args} exited with ${code}:\n${out}\n${err}`)
        } else if (op === 'ENV') Object.assign(env, pairs(args))
        else if (op !== 'ARG') throw new Error(`the replay does not know ${op}`)
      }
      const copies = runtime.instructions.filter(
        (i) => i.op === 'COPY' && i.args.includes(`--from=${build.name}`),
      )
      expect(copies.length).toBeGreaterThan(0)
      for (const { args } of copies) {
        const [source, dest] = args.split(' ').filter((w) => !w.startsWith('--'))
        expect(existsSync(join(root, source))).toBe(true)
        if (dest === JSON.parse(last(runtime, 'ENTRYPOINT')!.args)[0]) binary = join(root, source)
      }
      expect(binary).not.toBe('')
      const version = Bun.spawnSync([binary, '--version'], { stdout: 'pipe' })
      expect(version.stdout.toString()).toContain(pkg.version)
    },
    { timeout: 120_000 },
  )

  test(
    "the binary it built passes the image's HEALTHCHECK once serving, and fails it once stopped",
    async () => {
      expect(binary).not.toBe('')
      const { command } = healthcheck(last(runtime, 'HEALTHCHECK')!.args)
      const check = (port: number) => {
        const proc = Bun.spawnSync([binary, ...command.slice(1)], {
          env: { ...process.env, PORT: String(port) },
          stdout: 'pipe',
          stderr: 'pipe',
        })
        return { code: proc.exitCode, stderr: proc.stderr.toString() }
      }
      const service = await startService({}, 60_000, [
        binary,
        ...JSON.parse(last(runtime, 'CMD')!.args),
      ])
      try {
        // listening comes first; ready once the renderer is warm
        const deadline = performance.now() + 60_000
        let result = check(service.port)
        while (result.code !== 0 && performance.now() < deadline) {
          expect(result.stderr).toContain('/v1/health/ready')
          await Bun.sleep(500)
          result = check(service.port)
        }
        expect(result.code).toBe(0)
        expect((await fetch(service.url('/v1/health/ready'))).status).toBe(200)
      } finally {
        await service.stop()
      }
      const after = check(service.port)
      expect(after.code).toBe(1)
      expect(after.stderr).toContain('unreachable')
    },
    { timeout: 120_000 },
  )
})
