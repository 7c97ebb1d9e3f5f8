/** A throwaway s3rver bucket on loopback, for tests of several instances sharing one bucket. */
import S3rver from 's3rver'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// s3rver's fixed development credentials; it checks request signatures against them.
export const S3RVER_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
}

/**
 * closes an s3rver without waiting on its clients' keep-alive connections (the S3 client keeps them
 * open, and close() alone waited for them past a test hook's 5 s on a loaded machine)
 */
export async function closeS3rver(server: S3rver | undefined): Promise<void> {
  if (!server) return
  ;(
    server as unknown as { httpServer?: { closeAllConnections?(): void } }
  ).httpServer?.closeAllConnections?.()
  await server.close()
}

export interface Bucket {
  name: string
  /** what a process needs in its environment to reach the bucket */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startBucket(name = 'aircraft-shared'): Promise<Bucket> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name }],
  })
  const { port } = await server.run()
  return {
    name,
    env: { ...S3RVER_CREDENTIALS, S3_ENDPOINT: `http://127.0.0.1:${port}` },
    async close() {
      await closeS3rver(server)
      await rm(directory, { recursive: true, force: true })
    },
  }
}
