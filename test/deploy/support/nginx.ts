/**
 * nginx in front of test instances, as deploy/ runs it: a config generated in a temp dir
 * that includes deploy/nginx/service.conf (the file compose mounts), run as the current
 * user in the foreground, pid, logs, temp files and cache all in the temp dir. A machine
 * without nginx fails the test that needs it, with the line that installs it.
 */
import type { Subprocess } from 'bun'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../support/service-process'

export const SERVICE_CONF = join(import.meta.dir, '../../../deploy/nginx/service.conf')

export interface EdgeLine {
  id: string
  upstream: string
  cache: string
  status: number
  uri: string
}

export interface Nginx {
  url: (path: string) => string
  /** the access log so far, one entry per request */
  accessLog(): EdgeLine[]
  errorLog(): string
  stop(): Promise<void>
}

export function nginxBinary(): string {
  const found =
    Bun.which('nginx') ??
    Bun.which('nginx', { PATH: '/usr/sbin:/usr/local/sbin:/usr/local/nginx/sbin' })
  if (!found)
    throw new Error(
      'nginx is not installed; this test needs it: apt-get update && apt-get install -y nginx-light',
    )
  return found
}

export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const binary = nginxBinary()
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'))
  const port = await freePort()
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : '' /* workers keep the current user, who owns the temp dir */}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 512; }
http {
  log_format edge '$request_id|$upstream_addr|$upstream_cache_status|$status|$request_uri';
  access_log ${dir}/access.log edge;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=images:8m max_size=256m inactive=1h use_temp_path=off;
  upstream aircraft_images {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    include ${SERVICE_CONF};
  }
}
`
  writeFileSync(join(dir, 'nginx.conf'), conf)
  const proc: Subprocess = Bun.spawn(
    [binary, '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdout: 'ignore', stderr: 'pipe' },
  )
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8')
    } catch {
      return ''
    }
  }
  const url = (path: string) => `http://127.0.0.1:${port}${path}`
  const deadline = performance.now() + 10_000
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(
        `nginx exited with ${proc.exitCode}: ${await new Response(proc.stderr as ReadableStream).text()} ${errorLog()}`,
      )
    if (
      await fetch(url('/v1/health/live')).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (performance.now() > deadline) throw new Error(`nginx did not answer: ${errorLog()}`)
    await Bun.sleep(50)
  }
  return {
    url,
    accessLog() {
      let text = ''
      try {
        text = readFileSync(join(dir, 'access.log'), 'utf8')
      } catch {}
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [id, upstream, cache, status, uri] = line.split('|')
          return { id, upstream, cache, status: Number(status), uri }
        })
    },
    errorLog,
    async stop() {
      proc.kill('SIGQUIT')
      await Promise.race([proc.exited, Bun.sleep(5000)])
      if (proc.exitCode === null) proc.kill('SIGKILL')
    },
  }
}
