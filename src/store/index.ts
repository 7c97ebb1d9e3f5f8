/**
 * Picks the backend from one setting (STORE): "s3://bucket/prefix" is S3,
 * anything else is a local folder path.
 */
import { LocalStore } from './local'
import { S3Store } from './s3'
import type { AssetStore } from './types'

export type { AssetStore } from './types'
export { LocalStore } from './local'
export { S3Store } from './s3'
export { integrityProblem } from './integrity'
export { isValidKey, assertValidKey } from './keys'

export function openStore(
  location: string,
  env: Record<string, string | undefined> = process.env,
): AssetStore {
  if (location.startsWith('s3://')) return new S3Store(location, env)
  if (location.trim() === '') throw new Error('empty store location')
  return new LocalStore(location)
}
