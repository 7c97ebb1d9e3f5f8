/**
 * Docker cannot run here, so the container recipe and the deployment examples are checked
 * against what they name: the build script, the binary's entry, the health routes, the
 * bake's shard flag. The entry itself is started the way the image starts it.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeApp } from '../support/app'
import { startService } from '../support/service-process'

const ROOT = join(import.meta.dir, '../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
const yaml = (path: string) => Bun.YAML.parse(read(path)) as any

/** Dockerfile instructions by stage, continuation lines joined, comments dropped */
function dockerStages(text: string) {
  const stages: { from: string; name?: string; lines: [string, string][] }[] = []
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line)
    if (!m || line.trim().startsWith('#')) continue
    const [, op, arg] = m
    if (op === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(arg)!
      stages.push({ from: image, name, lines: [] })
    } else stages.at(-1)!.lines.push([op, arg.trim()])
  }
  return stages
}

describe('Dockerfile', () => {
  const stages = dockerStages(read('Dockerfile'))
  const build = stages[0]
  const runtime = stages.at(-1)!
  const outfile = /--outfile\s+(\S+)/.exec(pkg.scripts.build)![1]

  test('builds with the build script of package.json and ships its output', () => {
    expect(build.lines.some(([op, arg]) => op === 'RUN' && arg === 'bun run build')).toBe(true)
    const copy = runtime.lines.find(
      ([op, arg]) =>
        op === 'COPY' && arg.startsWith(`--from=${build.name}`) && arg.includes(outfile),
    )
    expect(copy).toBeDefined()
    const target = copy![1].split(/\s+/).at(-1)!
    expect(JSON.parse(runtime.lines.find(([op]) => op === 'ENTRYPOINT')![1])).toEqual([target])
  })

  test('copies every file the build needs, and .dockerignore keeps none of them out', () => {
    const copied = build.lines
      .filter(([op]) => op === 'COPY')
      .flatMap(([, arg]) => arg.split(/\s+/).slice(0, -1))
    const entries = pkg.scripts.build.split(/\s+/).filter((w) => w.endsWith('.ts'))
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of [...entries, 'package.json', 'bun.lock', 'assets/airlines.json'])
      expect(copied.some((c) => entry === c || entry.startsWith(`${c.replace(/\/$/, '')}/`))).toBe(
        true,
      )
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
    for (const needed of ['src', 'assets', 'package.json', 'bun.lock', 'tsconfig.json'])
      expect(ignored).not.toContain(needed)
  })

  test('runs as a non-root user on a small base, separate from the build stage', () => {
    const user = runtime.lines.filter(([op]) => op === 'USER').at(-1)?.[1]
    expect(user).toBeDefined()
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/)
    expect(runtime.from).not.toBe(build.from)
    expect(runtime.from).toMatch(/distroless|slim|alpine/)
  })

  test("its command starts a serving process that answers the orchestrator's probe", async () => {
    const cmd = JSON.parse(runtime.lines.find(([op]) => op === 'CMD')![1]) as string[]
    expect(cmd).toEqual(['serve'])
    const service = await startService({}, 90_000, [
      process.execPath,
      join(ROOT, 'src/main.ts'),
      ...cmd,
    ])
    try {
      expect((await fetch(service.url('/v1/health/live'))).status).toBe(200)
    } finally {
      await service.stop()
    }
  }, 120_000)
})

describe('deploy/', () => {
  test('the Kubernetes probes name the live and ready routes', async () => {
    const deployment = yaml('deploy/k8s/deployment.yaml')
    const [container] = deployment.spec.template.spec.containers
    expect(container.livenessProbe.httpGet.path).toBe('/v1/health/live')
    expect(container.readinessProbe.httpGet.path).toBe('/v1/health/ready')
    expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true)
    const { request } = await makeApp()
    for (const probe of [container.livenessProbe, container.readinessProbe])
      expect([200, 503]).toContain((await request(probe.httpGet.path)).status)
  })

  test('the bake Job runs one shard per index, as many shards as completions', () => {
    const job = yaml('deploy/k8s/bake-job.yaml')
    expect(job.spec.completionMode).toBe('Indexed')
    expect(job.spec.parallelism).toBe(job.spec.completions)
    const [container] = job.spec.template.spec.containers
    expect(container.args.slice(0, 2)).toEqual(['bake', '--shard'])
    const [, variable, of] = /^\$\((\w+)\)\/(\d+)$/.exec(container.args[2])!
    expect(Number(of)).toBe(job.spec.completions)
    const index = container.env.find((e: any) => e.name === variable)
    expect(index.valueFrom.fieldRef.fieldPath).toContain('job-completion-index')
  })

  test('compose runs instances on one bucket behind nginx with the tested nginx config', () => {
    const compose = yaml('deploy/compose.yaml')
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['s3', 'app', 'nginx']))
    const app = compose.services.app
    expect(app.environment.STORE).toMatch(/^s3:\/\//)
    expect(app.deploy.replicas).toBeGreaterThan(1)
    const mounts: string[] = compose.services.nginx.volumes
    for (const file of ['nginx/nginx.conf', 'nginx/service.conf']) {
      expect(mounts.some((m) => m.startsWith(`./${file}:`))).toBe(true)
      expect(existsSync(join(ROOT, 'deploy', file))).toBe(true)
    }
    // the include path nginx.conf names is where compose mounts service.conf
    const include = /include\s+(\S+);/.exec(read('deploy/nginx/nginx.conf'))![1]
    expect(mounts.some((m) => m.endsWith(`:${include}:ro`))).toBe(true)
  })
})
