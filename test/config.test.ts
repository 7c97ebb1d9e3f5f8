import { describe, expect, test } from 'bun:test'
import { ConfigError, readConfig } from '../src/config'

describe('configuration', () => {
  test('starts on the embedded defaults with no variable set', () => {
    const c = readConfig({})
    expect(c).toMatchObject({
      port: 3000,
      apiKeys: [],
      store: './var/store',
      defaultPlane: 'airbus-a320-200',
    })
    expect(c.workers).toBeGreaterThanOrEqual(1)
    expect(c).toMatchObject({ storeTimeoutMs: 2000, composeStoreMaxBytes: 2 * 1024 ** 3 })
  })
  test('reads the store timeout and the composition budget', () => {
    expect(readConfig({ STORE_TIMEOUT_MS: '500', COMPOSE_STORE_MAX_BYTES: '0' })).toMatchObject({
      storeTimeoutMs: 500,
      composeStoreMaxBytes: 0,
    })
  })
  test('reads several comma-separated keys, trimming blanks', () => {
    expect(readConfig({ API_KEYS: ' key-one-1111 , key-two-2222,,' }).apiKeys).toEqual([
      'key-one-1111',
      'key-two-2222',
    ])
  })
  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ API_KEYS: 'short' }, 'API_KEYS'],
    [{ STORE: 's3://' }, 'STORE'],
    [{ DEFAULT_PLANE: 'Airbus A320' }, 'DEFAULT_PLANE'],
    [{ CACHE_MAX_BYTES: '-1' }, 'CACHE_MAX_BYTES'],
    [{ WORKERS: '0' }, 'WORKERS'],
    [{ STORE_TIMEOUT_MS: '0' }, 'STORE_TIMEOUT_MS'],
    [{ STORE_TIMEOUT_MS: '2s' }, 'STORE_TIMEOUT_MS'],
    [{ COMPOSE_STORE_MAX_BYTES: '-5' }, 'COMPOSE_STORE_MAX_BYTES'],
    [{ COMPOSE_STORE_MAX_BYTES: '2GB' }, 'COMPOSE_STORE_MAX_BYTES'],
  ])('stops with a message naming the variable for %p', (env, name) => {
    expect(() => readConfig(env)).toThrow(ConfigError)
    expect(() => readConfig(env)).toThrow(name)
  })
  test('accepts an s3 store location', () => {
    expect(readConfig({ STORE: 's3://my-bucket/assets' }).store).toBe('s3://my-bucket/assets')
  })
})
