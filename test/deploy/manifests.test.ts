/**
 * Every deployment manifest, checked the way a cluster, nginx and compose would take it, since
 * none of them runs here:
 * - deploy/k8s/*.yaml against strict JSON Schemas of the Kubernetes API (vendored in
 *   test/deploy/schemas/ from @kubernetes/client-node, checked with TypeBox), the ServiceMonitor
 *   against a schema of our own; then what a schema cannot see: the Pod Security "restricted"
 *   rules for every pod, the memory budget, and that the selectors, ports and paths of the
 *   objects meet (the Ingress carries every public route of the app and nothing of the
 *   operations port);
 * - `nginx -t` of deploy/nginx/nginx.conf (its paths moved into a temporary folder) and of
 *   service.conf in the smallest includer its header allows (nginx-light, installed by .ci/run);
 * - deploy/compose.yaml: every image pinned, and the services wired to each other.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeApp } from '../support/app'
import { nginxBinary } from './support/nginx'
import { type JsonSchema, problems, schemaSet } from './support/schema'

const ROOT = join(import.meta.dir, '../..')
const K8S = join(ROOT, 'deploy/k8s')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const pkg = JSON.parse(read('package.json')) as { version: string }

type Doc = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace?: string; labels?: Record<string, string> }
  spec?: any
  file: string
}

/** every document of every file in deploy/k8s, with the file it came from */
const docs: Doc[] = readdirSync(K8S)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()
  .flatMap((file) => {
    const text = readFileSync(join(K8S, file), 'utf8')
    const parsed = Bun.YAML.parse(text)
    const list = (/^---\s*$/m.test(text) ? parsed : [parsed]) as (Doc | null)[]
    return list.filter((d): d is Doc => d !== null).map((d) => ({ ...d, file }))
  })
const strip = ({ file: _, ...doc }: Doc) => doc
const all = (kind: string) => docs.filter((d) => d.kind === kind)
const one = (kind: string, name?: string) => {
  const found = all(kind).filter((d) => name === undefined || d.metadata.name === name)
  if (found.length !== 1)
    throw new Error(
      `expected one ${kind}${name ? ` named ${name}` : ''} in deploy/k8s, found ${found.length}`,
    )
  return found[0]
}
/** the pod templates: the Deployment's and the Job's */
const workloads = () => [...all('Deployment'), ...all('Job')]
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v)

// ---------------------------------------------------------------------------------------------
// schemas

type SchemaFile = { kinds: Record<string, string>; definitions: Record<string, JsonSchema> }
const kubernetes = JSON.parse(
  readFileSync(join(import.meta.dir, 'schemas/kubernetes.json'), 'utf8'),
) as SchemaFile
const serviceMonitor = JSON.parse(
  readFileSync(join(import.meta.dir, 'schemas/servicemonitor.json'), 'utf8'),
) as SchemaFile
const schemas = schemaSet({ ...kubernetes.definitions, ...serviceMonitor.definitions })
const kinds = { ...kubernetes.kinds, ...serviceMonitor.kinds }
const schemaOf = (doc: { apiVersion: string; kind: string }) => {
  const name = kinds[`${doc.apiVersion} ${doc.kind}`]
  if (!name) throw new Error(`no schema for ${doc.apiVersion} ${doc.kind}`)
  return schemas.ref(name)
}

describe('Kubernetes manifests against the API schemas', () => {
  test('deploy/k8s holds the objects of the deployment', () => {
    const present = docs.map((d) => `${d.kind}/${d.metadata?.name}`).sort()
    expect(present).toEqual(
      expect.arrayContaining([
        'Deployment/aircraft-images',
        'Ingress/aircraft-images',
        'Job/aircraft-images-bake',
        'Namespace/aircraft-images',
        'PodDisruptionBudget/aircraft-images',
        'Service/aircraft-images',
        'Service/aircraft-images-metrics',
        'ServiceMonitor/aircraft-images',
      ]),
    )
  })

  test.each(docs.map((d) => [`${d.file}: ${d.kind}/${d.metadata?.name}`, d] as const))(
    '%s conforms',
    (_, doc) => {
      expect(problems(schemaOf(doc), strip(doc))).toEqual([])
    },
  )

  test('the check finds what the API would refuse', () => {
    const deployment = strip(one('Deployment'))
    const typo = structuredClone(deployment)
    typo.spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem = true
    expect(problems(schemaOf(deployment), typo).join('\n')).toContain(
      '/spec/template/spec/containers/0/securityContext/readOnlyRootFileSystem',
    )
    const wrongType = structuredClone(deployment)
    wrongType.spec.replicas = 'three'
    expect(problems(schemaOf(deployment), wrongType).join('\n')).toContain('/spec/replicas')
    const missing = structuredClone(deployment)
    delete missing.spec.selector
    expect(problems(schemaOf(deployment), missing).join('\n')).toContain('/spec/selector')
    const monitor = structuredClone(strip(one('ServiceMonitor')))
    monitor.spec.endpoints[0].interval = 'half a minute'
    expect(problems(schemaOf(monitor), monitor).join('\n')).toContain('/spec/endpoints/0/interval')
  })
})

// ---------------------------------------------------------------------------------------------
// Pod Security Standards, "restricted" (kubernetes.io/docs/concepts/security/pod-security-standards)

const RESTRICTED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
])
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
])
const SELINUX_TYPES = new Set([
  undefined,
  '',
  'container_t',
  'container_init_t',
  'container_kvm_t',
  'container_engine_t',
])

/** what the "restricted" level (baseline included) refuses in a pod spec; none when it admits it */
function restrictedViolations(pod: any): string[] {
  const out: string[] = []
  const psc = pod.securityContext ?? {}
  const containers: any[] = [
    ...(pod.initContainers ?? []),
    ...(pod.containers ?? []),
    ...(pod.ephemeralContainers ?? []),
  ]
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) out.push('host namespaces')
  for (const v of pod.volumes ?? []) {
    const type = Object.keys(v).find((k) => k !== 'name')
    if (!type || !RESTRICTED_VOLUMES.has(type)) out.push(`volume ${v.name} of type ${type}`)
  }
  for (const s of psc.sysctls ?? []) if (!SAFE_SYSCTLS.has(s.name)) out.push(`sysctl ${s.name}`)
  const seccompOk = (t?: string) => t === 'RuntimeDefault' || t === 'Localhost'
  const podSeccomp = psc.seccompProfile?.type
  if (podSeccomp !== undefined && !seccompOk(podSeccomp)) out.push(`pod seccomp ${podSeccomp}`)
  if (psc.runAsUser === 0) out.push('pod runAsUser 0')
  if (psc.windowsOptions?.hostProcess) out.push('hostProcess')
  if (
    !SELINUX_TYPES.has(psc.seLinuxOptions?.type) ||
    psc.seLinuxOptions?.user ||
    psc.seLinuxOptions?.role
  )
    out.push('pod seLinuxOptions')
  for (const c of containers) {
    const sc = c.securityContext ?? {}
    const where = `container ${c.name}`
    if (sc.privileged) out.push(`${where}: privileged`)
    if (sc.windowsOptions?.hostProcess) out.push(`${where}: hostProcess`)
    if (sc.allowPrivilegeEscalation !== false)
      out.push(`${where}: allowPrivilegeEscalation is not false`)
    if (!(sc.runAsNonRoot === true || (psc.runAsNonRoot === true && sc.runAsNonRoot !== false)))
      out.push(`${where}: runAsNonRoot is not true`)
    if (sc.runAsUser === 0) out.push(`${where}: runAsUser 0`)
    const seccomp = sc.seccompProfile?.type
    if (!(seccompOk(seccomp) || (seccomp === undefined && seccompOk(podSeccomp))))
      out.push(`${where}: no RuntimeDefault or Localhost seccomp profile`)
    if (!(sc.capabilities?.drop ?? []).includes('ALL'))
      out.push(`${where}: capabilities not dropped (ALL)`)
    for (const cap of sc.capabilities?.add ?? [])
      if (cap !== 'NET_BIND_SERVICE') out.push(`${where}: adds capability ${cap}`)
    if (sc.procMount !== undefined && sc.procMount !== 'Default')
      out.push(`${where}: procMount ${sc.procMount}`)
    if (sc.appArmorProfile && !['RuntimeDefault', 'Localhost'].includes(sc.appArmorProfile.type))
      out.push(`${where}: appArmor ${sc.appArmorProfile.type}`)
    if (
      !SELINUX_TYPES.has(sc.seLinuxOptions?.type) ||
      sc.seLinuxOptions?.user ||
      sc.seLinuxOptions?.role
    )
      out.push(`${where}: seLinuxOptions`)
    for (const p of c.ports ?? []) if (p.hostPort) out.push(`${where}: hostPort ${p.hostPort}`)
  }
  return out
}

describe('every pod under Pod Security "restricted"', () => {
  test('the namespace enforces "restricted", and every object lives in it', () => {
    const ns = one('Namespace')
    const labels = ns.metadata.labels ?? {}
    for (const mode of ['enforce', 'audit', 'warn'])
      expect(labels[`pod-security.kubernetes.io/${mode}`]).toBe('restricted')
    for (const doc of docs.filter((d) => d.kind !== 'Namespace'))
      expect(`${doc.kind}/${doc.metadata.name} in ${doc.metadata.namespace}`).toBe(
        `${doc.kind}/${doc.metadata.name} in ${ns.metadata.name}`,
      )
  })

  test.each(workloads().map((w) => [`${w.kind}/${w.metadata.name}`, w] as const))(
    '%s is admitted, with a read-only root and no API token',
    (_, workload) => {
      const pod = workload.spec.template.spec
      expect(restrictedViolations(pod)).toEqual([])
      expect(pod.automountServiceAccountToken).toBe(false)
      for (const c of pod.containers) {
        expect(c.securityContext.readOnlyRootFilesystem).toBe(true)
        // the binary unpacks its native libraries into /tmp: a writable, non-memory /tmp must be there
        const tmp = (c.volumeMounts ?? []).find((m: any) => m.mountPath === '/tmp')
        expect(tmp).toBeDefined()
        const volume = pod.volumes.find((v: any) => v.name === tmp.name)
        expect(volume.emptyDir).toBeDefined()
        expect(volume.emptyDir.medium).toBeUndefined()
      }
    },
  )

  test('the check refuses what "restricted" refuses', () => {
    const pod = structuredClone(one('Deployment').spec.template.spec)
    const [c] = pod.containers
    delete c.securityContext.allowPrivilegeEscalation
    c.securityContext.capabilities = { add: ['SYS_ADMIN'] }
    delete pod.securityContext.seccompProfile
    pod.volumes.push({ name: 'host', hostPath: { path: '/' } })
    pod.securityContext.runAsNonRoot = false
    delete c.securityContext.runAsNonRoot
    expect(restrictedViolations(pod)).toEqual([
      'volume host of type hostPath',
      'container aircraft-images: allowPrivilegeEscalation is not false',
      'container aircraft-images: runAsNonRoot is not true',
      'container aircraft-images: no RuntimeDefault or Localhost seccomp profile',
      'container aircraft-images: capabilities not dropped (ALL)',
      'container aircraft-images: adds capability SYS_ADMIN',
    ])
  })
})

// ---------------------------------------------------------------------------------------------
// what ties the objects together

const MEMORY_BUDGET = '1Gi'

describe('the objects fit together', () => {
  const deployment = one('Deployment')
  const pod = deployment.spec.template.spec
  const podLabels: Record<string, string> = deployment.spec.template.metadata.labels
  const container = pod.containers[0]
  const env = (name: string) =>
    container.env.find((e: any) => e.name === name)?.value as string | undefined
  const portNamed = (name: string) =>
    container.ports.find((p: any) => p.name === name)?.containerPort as number

  test('every pod gets the 1Gi memory budget the service reads from its cgroup, requested in full', () => {
    for (const w of workloads())
      for (const c of w.spec.template.spec.containers) {
        expect(`${w.kind} ${c.name}: ${c.resources.limits.memory}`).toBe(
          `${w.kind} ${c.name}: ${MEMORY_BUDGET}`,
        )
        expect(c.resources.requests.memory).toBe(c.resources.limits.memory)
        // the cgroup limit is the budget (src/memory/limit.ts): an override would contradict it
        expect((c.env ?? []).some((e: any) => e.name === 'MEMORY_LIMIT_MB')).toBe(false)
      }
  })

  test('the Deployment selects its own pods, and the bake Job pods are not among them', () => {
    expect(matches(deployment.spec.selector.matchLabels, podLabels)).toBe(true)
    for (const job of all('Job'))
      expect(matches(podLabels, job.spec.template.metadata?.labels)).toBe(false)
  })

  test('the PodDisruptionBudget covers the serving pods and leaves most of them up', () => {
    const pdb = one('PodDisruptionBudget')
    expect(matches(pdb.spec.selector.matchLabels, podLabels)).toBe(true)
    for (const job of all('Job'))
      expect(matches(pdb.spec.selector.matchLabels, job.spec.template.metadata?.labels)).toBe(false)
    const down = pdb.spec.maxUnavailable ?? deployment.spec.replicas - pdb.spec.minAvailable
    expect(down).toBeGreaterThanOrEqual(1)
    expect(down).toBeLessThan(deployment.spec.replicas / 2)
  })

  test('the pods spread over nodes and zones', () => {
    const spread = pod.topologySpreadConstraints as any[]
    expect(spread.map((c) => c.topologyKey).sort()).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ])
    for (const c of spread) {
      expect(matches(c.labelSelector.matchLabels, podLabels)).toBe(true)
      expect(c.maxSkew).toBe(1)
    }
  })

  test('the public Service reaches the public port only', () => {
    const service = one('Service', 'aircraft-images')
    expect(matches(service.spec.selector, podLabels)).toBe(true)
    expect(service.spec.ports.map((p: any) => p.targetPort)).toEqual(['http'])
    expect(portNamed('http')).toBe(Number(env('PORT')))
  })

  test('the ServiceMonitor scrapes /metrics on the operations port through a Service of its own', async () => {
    const monitor = one('ServiceMonitor')
    const services = all('Service').filter((s) =>
      matches(monitor.spec.selector.matchLabels, s.metadata.labels),
    )
    expect(services.map((s) => s.metadata.name)).toEqual(['aircraft-images-metrics'])
    const [metrics] = services
    expect(monitor.spec.namespaceSelector.matchNames).toContain(metrics.metadata.namespace)
    expect(matches(metrics.spec.selector, podLabels)).toBe(true)
    const [endpoint] = monitor.spec.endpoints
    const port = metrics.spec.ports.find((p: any) => p.name === endpoint.port)
    expect(port.targetPort).toBe('metrics')
    expect(portNamed('metrics')).toBe(9464)
    expect(env('METRICS_PORT')).toBe('9464')
    // reachable from the scraper, not only from the pod itself
    expect(env('METRICS_HOST')).toBe('0.0.0.0')
    const { ops } = await makeApp()
    expect((await ops(endpoint.path)).status).toBe(200)
  })

  test('the NetworkPolicy opens the operations port to the monitoring namespace only', () => {
    const policy = one('NetworkPolicy')
    expect(matches(policy.spec.podSelector.matchLabels, podLabels)).toBe(true)
    const rules = policy.spec.ingress as any[]
    const opening = (port: string) =>
      rules.filter((r) => r.ports?.some((p: any) => p.port === port))
    expect(opening('http').some((r) => r.from === undefined)).toBe(true)
    const metrics = opening('metrics')
    expect(metrics.length).toBeGreaterThan(0)
    for (const r of metrics) expect(r.from?.length).toBeGreaterThan(0)
  })
})

// ---------------------------------------------------------------------------------------------
// the Ingress against the app's routes

/** does an Ingress path take this request path (the Exact and Prefix rules of networking.k8s.io/v1) */
function ingressTakes(rule: { path: string; pathType: string }, path: string): boolean {
  if (rule.pathType === 'Exact') return path === rule.path
  if (rule.pathType !== 'Prefix')
    throw new Error(`pathType ${rule.pathType} is implementation-specific: use Exact or Prefix`)
  const want = rule.path.split('/').filter(Boolean)
  const got = path.split('/').filter(Boolean)
  return want.every((part, i) => got[i] === part)
}

describe('the Ingress', () => {
  const ingress = one('Ingress')
  const paths = ingress.spec.rules.flatMap((r: any) => r.http.paths) as {
    path: string
    pathType: string
    backend: any
  }[]
  const routed = (path: string) => paths.some((p) => ingressTakes(p, path))

  test('sends everything to the public Service on its public port', () => {
    const service = one('Service', 'aircraft-images')
    const [port] = service.spec.ports
    for (const p of paths) {
      expect(p.backend.service.name).toBe('aircraft-images')
      expect([port.name, port.port]).toContain(
        p.backend.service.port.name ?? p.backend.service.port.number,
      )
    }
  })

  test("carries every route of the public app, and the pages' own files", async () => {
    const { app, request } = await makeApp()
    const routes = [
      ...new Set((app as any).routes.map((r: { path: string }) => r.path)),
    ] as string[]
    expect(routes.length).toBeGreaterThan(10)
    // a concrete request path for each route: parameters and wildcards filled in
    const samples = routes.map((r) => r.replace(/:\w+/g, 'x').replace(/\*/g, 'x'))
    expect(samples.filter((p) => !routed(p))).toEqual([])
    // what the playground and the API reference load from the service itself
    for (const page of ['/', '/docs']) {
      const html = await (await request(page, { headers: { accept: 'text/html' } })).text()
      const refs = [...html.matchAll(/(?:src|href|spec-url)="(\/[^"]*)"/g)].map(
        (m) => m[1].split('?')[0],
      )
      expect(refs.length).toBeGreaterThan(0)
      expect(refs.filter((p) => !routed(p))).toEqual([])
    }
  })

  test('carries nothing of the operations port, nor paths the app does not serve', async () => {
    const { ops } = await makeApp()
    for (const path of ['/metrics', '/health']) {
      expect((await ops(path)).status).toBe(200)
      expect(routed(path)).toBe(false)
    }
    for (const path of [
      '/v1/healthz',
      '/v1/images',
      '/v1/images/other',
      '/assets',
      '/openapi.yaml',
      '/admin',
    ])
      expect(routed(path)).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// nginx

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})
function tempFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-check-'))
  folders.push(dir)
  return dir
}

/** `nginx -T` of a configuration: its exit code and everything it printed (the configuration with its includes, or the error) */
async function nginxTest(conf: string, dir: string) {
  writeFileSync(join(dir, 'nginx.conf'), conf)
  const proc = Bun.spawn(
    [nginxBinary(), '-T', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, output: `${stderr}\n${stdout}` }
}

/** what nginx keeps on disk by default, moved into `dir` (inserted at the top of `http`) */
const tempPaths = (dir: string) =>
  ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `${t}_temp_path ${dir}/${t};`)
    .join(' ')

describe('nginx', () => {
  const SERVICE_CONF = join(ROOT, 'deploy/nginx/service.conf')

  /** deploy/nginx/nginx.conf as compose mounts it, its container paths moved into `dir` */
  function composeNginxConf(dir: string) {
    const conf = read('deploy/nginx/nginx.conf')
    const include = /include\s+(\S+);/.exec(conf)![1]
    const cachePath = /proxy_cache_path\s+(\S+)/.exec(conf)![1]
    const adapted = conf
      .replace(include, SERVICE_CONF)
      .replace(cachePath, join(dir, 'cache'))
      // compose's DNS name of the instances; nginx -t resolves upstream names
      .replace(/server\s+app:(\d+)/, 'server 127.0.0.1:$1')
      // the container's stdout and stderr: files here (the test's own stdout may be a socket)
      .replace(/\/dev\/stdout/g, join(dir, 'access.log'))
      .replace(/\/dev\/stderr/g, join(dir, 'error.log'))
      .replace(/http\s*\{/, (m) => `${m}\n    ${tempPaths(dir)}`)
    return `pid ${dir}/nginx.pid;\n${adapted}`
  }

  test('nginx.conf, as compose runs it, passes nginx -t with service.conf included', async () => {
    const dir = tempFolder()
    const { code, output } = await nginxTest(composeNginxConf(dir), dir)
    expect(output).toContain('test is successful')
    expect(code).toBe(0)
    // nginx read the included file (-T prints every file it read)
    expect(output).toContain(`# configuration file ${SERVICE_CONF}:`)
  })

  test('service.conf passes nginx -t in the smallest includer its header describes', async () => {
    const dir = tempFolder()
    const conf = `pid ${dir}/nginx.pid;
events { worker_connections 64; }
http {
  ${tempPaths(dir)}
  proxy_cache_path ${dir}/cache keys_zone=images:1m;
  upstream aircraft_images { server 127.0.0.1:3000; }
  server {
    listen 127.0.0.1:8080;
    include ${SERVICE_CONF};
  }
}
`
    const { code, output } = await nginxTest(conf, dir)
    expect(output).toContain('test is successful')
    expect(code).toBe(0)
  })

  test('the check fails a configuration nginx would refuse', async () => {
    const dir = tempFolder()
    const { code, output } = await nginxTest(
      composeNginxConf(dir).replace('proxy_cache_path', 'proxy_cache_paths'),
      dir,
    )
    expect(code).not.toBe(0)
    expect(output).toContain('unknown directive "proxy_cache_paths"')
  })
})

// ---------------------------------------------------------------------------------------------
// compose

describe('compose.yaml', () => {
  const compose = Bun.YAML.parse(read('deploy/compose.yaml')) as { services: Record<string, any> }
  const services = compose.services

  test('every image is pinned: a version tag, and a digest for the ones pulled', () => {
    for (const [name, service] of Object.entries(services)) {
      const m = /^(?<repo>[^@]+?)(?::(?<tag>[^:@/]+))?(?:@sha256:(?<digest>[0-9a-f]{64}))?$/.exec(
        service.image ?? '',
      )
      expect(m, `${name}: ${service.image}`).not.toBeNull()
      const { tag, digest } = m!.groups!
      // a version, not a moving name such as latest, stable or alpine
      expect(`${name}: ${tag}`).toMatch(/: v?\d+(\.\d+)+(-[\w.]+)?$/)
      if (service.build) {
        // built from this checkout: named after the version it builds, never pulled
        expect(tag).toBe(pkg.version)
        expect(service.pull_policy).toBe('build')
      } else expect(`${name}: ${digest}`).toMatch(/: [0-9a-f]{64}$/)
    }
  })

  test('the instances reach the S3 service, on the bucket it creates, with the credentials it was given', () => {
    const app = services.app.environment
    const s3 = services.s3
    const endpoint = new URL(app.S3_ENDPOINT)
    expect(endpoint.hostname).toBe('s3')
    const bucket = /^s3:\/\/([^/]+)/.exec(app.STORE)![1]
    expect(s3.command).toContain(`-bucket=${bucket}`)
    // SeaweedFS's S3 gateway listens on 8333 unless told otherwise
    expect(endpoint.port).toBe(
      s3.command.find((a: string) => a.startsWith('-s3.port='))?.split('=')[1] ?? '8333',
    )
    // the admin identity of the server is the one the instances sign with (without one it would let anyone in)
    expect(s3.environment.AWS_ACCESS_KEY_ID).toBe(app.AWS_ACCESS_KEY_ID)
    expect(s3.environment.AWS_SECRET_ACCESS_KEY).toBe(app.AWS_SECRET_ACCESS_KEY)
    expect(s3.healthcheck.test.join(' ')).toContain(`:${endpoint.port}/${bucket}`)
  })

  test('each service starts once what it needs is healthy, the instances by their image HEALTHCHECK', () => {
    expect(services.app.depends_on.s3.condition).toBe('service_healthy')
    expect(services.nginx.depends_on.app.condition).toBe('service_healthy')
    // compose has no healthcheck of its own for the instances: the image's is the one
    expect(services.app.healthcheck).toBeUndefined()
    expect(read('Dockerfile')).toMatch(
      /^HEALTHCHECK .*\\\n\s+CMD \["\/app\/aircraft-images", "healthcheck"\]$/m,
    )
  })

  test('the instances get the memory budget and no privileges', () => {
    expect(services.app.deploy.resources.limits.memory).toBe('1g')
    expect(services.app.cap_drop).toEqual(['ALL'])
    expect(services.app.security_opt).toContain('no-new-privileges:true')
  })
})
