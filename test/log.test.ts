import { describe, expect, test } from 'bun:test'
import { redactUrl } from '../src/log'

describe('redactUrl', () => {
  test('redacts the api-key parameter however it is spelt, and leaves others alone', () => {
    expect(redactUrl('/x?a=1&api-key=SECRET&b=2')).toBe('/x?a=1&api-key=[redacted]&b=2')
    expect(redactUrl('/x?API-KEY=SECRET')).toBe('/x?API-KEY=[redacted]')
    expect(redactUrl('/x?api%2Dkey=SECRET#f')).toBe('/x?api%2Dkey=[redacted]#f')
    expect(redactUrl('/x?%61pi-key=SECRET')).toBe('/x?%61pi-key=[redacted]')
    expect(redactUrl('/x?api-keys=visible&apikey=visible')).toBe(
      '/x?api-keys=visible&apikey=visible',
    )
  })

  test('redacts every occurrence, and only up to the end of the URL inside a text or JSON line', () => {
    expect(redactUrl('GET http://h/a?api-key=S1 then http://h/b?x=1&Api-Key=S2 failed')).toBe(
      'GET http://h/a?api-key=[redacted] then http://h/b?x=1&Api-Key=[redacted] failed',
    )
    const line = JSON.stringify({ url: '/x?api-key=a"b\\c&d=1', next: 'kept' })
    const redacted = redactUrl(line)
    expect(JSON.parse(redacted)).toEqual({ url: '/x?api-key=[redacted]&d=1', next: 'kept' })
  })
})
