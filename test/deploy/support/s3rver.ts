/** A throwaway s3rver bucket on loopback, for tests of several instances sharing one bucket. */
import S3rver from 's3rver'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// s3rver's fixed development credentials; it checks request signatures against them.
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' }

export interface Bucket {
  name: string
  /** what a process needs in its environment to reach the bucket */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startBucket(name = 'aircraft-shared'): Promise<Bucket> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name }] })
  const { port } = await server.run()
  return {
    name,
    env: { ...S3RVER_CREDENTIALS, S3_ENDPOINT: `http://127.0.0.1:${port}` },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
