import { describe, expect, test } from 'bun:test'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { catalog, makeApp, withKey } from '../../support/app'
import { contentBox, decode, pixel } from '../../support/images'

const { request } = await makeApp()
const compose = async (q: string, init: RequestInit = withKey()) => {
  const res = await request(`/v1/images/plane?${q}`, init)
  expect(res.status).toBe(200)
  return { res, img: await decode(await res.arrayBuffer()) }
}

describe('composition geometry, measured on the output pixels', () => {
  test('keeps the margin on every side under contain', async () => {
    const { img } = await compose('plane=a350&angle=90&width=1024&marginPercent=10')
    const box = contentBox(img)
    const m = 102.4
    expect(box.minX).toBeGreaterThanOrEqual(m - 2)
    expect(box.maxX).toBeLessThanOrEqual(1024 - m + 2)
    expect(box.minY).toBeGreaterThanOrEqual(m - 2)
    expect(box.maxY).toBeLessThanOrEqual(576 - m + 2)
    expect(Math.abs(box.minX - m)).toBeLessThan(3) // contain touches the side margins of a long side view
  })
  test('draws half the size at zoom 0.5', async () => {
    const full = contentBox((await compose('plane=a350&angle=90&width=1024&zoomLevel=1')).img)
    const half = contentBox((await compose('plane=a350&angle=90&width=1024&zoomLevel=0.5')).img)
    expect(half.width / full.width).toBeCloseTo(0.5, 1)
    expect(Math.abs(half.width / full.width - 0.5)).toBeLessThan(0.01)
  })
  test('draws fleet sizes in proportion to real lengths (A320 = 37.57/72.72 of an A380)', async () => {
    const a380 = contentBox(
      (await compose('plane=airbus-a380-800&angle=90&scale=fleet&width=2048')).img,
    )
    const a320 = contentBox(
      (await compose('plane=airbus-a320-200&angle=90&scale=fleet&width=2048')).img,
    )
    expect(Math.abs(a320.width / a380.width - 37.57 / 72.72)).toBeLessThan(0.01)
    // the reference's real length spans the inner width (1% for the drawn nose and tail tips)
    expect(Math.abs(a380.width / (2048 - 2 * 163.84) - 1)).toBeLessThan(0.01)
  })
  test('gives every model the same drawn width under absolute', async () => {
    const widths = []
    for (const plane of ['airbus-a220-100', 'boeing-747-8i', 'boeing-787-9'])
      widths.push(
        contentBox(
          (await compose(`plane=${plane}&angle=90&scale=absolute&width=1024&zoomLevel=0.9`)).img,
        ).width,
      )
    for (const w of widths) expect(Math.abs(w - (1024 - 2 * 81.92) * 0.9)).toBeLessThan(3)
  })
  test('puts the lowest drawn point of every angle on one line with align=bottom', async () => {
    // oblique views look down on the aircraft, so there it is the nose wheel or an engine, not the main gear
    const line = 576 * 0.96
    for (const angle of ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top']) {
      const { res, img } = await compose(
        `plane=boeing-777-300er&angle=${angle}&align=bottom&width=1024`,
      )
      expect(res.headers.get('x-compose-align')).toBe('bottom')
      expect(Math.abs(contentBox(img).maxY + 1 - line)).toBeLessThan(2)
    }
  })
  test('keeps the aircraft inside the canvas under pitch', async () => {
    for (const pitch of ['45', '-45', 'up']) {
      const { res, img } = await compose(
        `plane=a321&angle=90&pitch=${pitch}&width=1024&marginPercent=0`,
      )
      expect(res.headers.get('x-compose-pitch')).toBe(pitch === 'up' ? '25' : pitch)
      const box = contentBox(img)
      expect(box.minX).toBeGreaterThan(0)
      expect(box.minY).toBeGreaterThan(0)
      expect(box.maxX).toBeLessThan(1023)
      expect(box.maxY).toBeLessThan(575)
    }
  })
  test('keeps the aircraft across the middle of the width at a wide margin (30%: the middle 40%)', async () => {
    const box = contentBox(
      (
        await compose(
          'plane=boeing-787-9&airline=cathay-pacific&angle=345&resolution=card&marginPercent=30',
        )
      ).img,
    )
    expect(Math.abs(box.minX - 307.2)).toBeLessThan(3)
    expect(Math.abs(box.maxX + 1 - (1024 - 307.2))).toBeLessThan(3)
  })
  test('covers the whole canvas with zoomType=fill, at side, oblique and top views', async () => {
    for (const angle of ['90', '345', 'top']) {
      const box = contentBox(
        (await compose(`plane=boeing-787-9&angle=${angle}&resolution=thumb&zoomType=fill`)).img,
      )
      expect([box.minX, box.minY, box.maxX, box.maxY]).toEqual([0, 0, 511, 287])
    }
  })
  test('draws a model longer than the fleet reference longer, into the margin, and says so in JSON', async () => {
    const a380 = contentBox(
      (await compose('plane=airbus-a380-800&angle=90&scale=fleet&resolution=card')).img,
    )
    const b779 = contentBox(
      (await compose('plane=boeing-777-9&angle=90&scale=fleet&resolution=card')).img,
    )
    expect(Math.abs(b779.width / a380.width - 76.72 / 72.72)).toBeLessThan(0.01)
    const overflow = async (q: string) =>
      ((await (await request(`/v1/images/plane?${q}&format=json`, withKey())).json()) as any)
        .compose.overflow
    expect(await overflow('plane=boeing-777-9&angle=90&scale=fleet&resolution=card')).toBe('margin')
    expect(await overflow('plane=airbus-a380-800&angle=90&scale=fleet&resolution=card')).toBe(
      'none',
    )
    expect(
      await overflow(
        'plane=airbus-a380-800&referencePlane=boeing-787-9&angle=90&scale=fleet&resolution=card&marginPercent=0',
      ),
    ).toBe('canvas')
    expect(await overflow('plane=airbus-a380-800&angle=90')).toBeNull()
  })
  test('stands gear up on the ground line gear down stands on with align=bottom', async () => {
    const down = contentBox(
      (await compose('plane=boeing-787-9&angle=90&align=bottom&gear=down&resolution=card')).img,
    )
    const up = contentBox(
      (await compose('plane=boeing-787-9&angle=90&align=bottom&gear=up&resolution=card')).img,
    )
    expect(Math.abs(up.minY - down.minY)).toBeLessThan(2)
    expect(up.maxY).toBeLessThan(down.maxY - 5)
  })
  test('raises the nose for a positive pitch at angle 90', async () => {
    const { img } = await compose('plane=a321&angle=90&pitch=30&width=1024')
    const box = contentBox(img)
    // the right (nose) end of the content sits higher than the left (tail) end
    const columnTop = (x: number) => {
      for (let y = 0; y < img.height; y++) if (pixel(img, x, y)[3] > 16) return y
      return img.height
    }
    const noseSide = columnTop(box.maxX - box.width * 0.1)
    const tailSide = columnTop(box.minX + box.width * 0.35)
    expect(noseSide).toBeLessThan(tailSide)
  })
})

describe('backgrounds', () => {
  const red = 'ff0000'
  const blue = '0000ff'
  const ends = async (angle: number) => {
    const { img, res } = await compose(
      `plane=a320&width=512&zoomLevel=0.5&backgroundGradient=linear:${angle}:%23${red}-0,%23${blue}-1`,
    )
    expect(res.headers.get('x-compose-background')).toBe('gradient:linear')
    return {
      top: pixel(img, 256, 1),
      bottom: pixel(img, 256, img.height - 2),
      left: pixel(img, 1, 144),
      right: pixel(img, 510, 144),
    }
  }
  const isRed = (p: number[]) => p[0] > 200 && p[2] < 60
  const isBlue = (p: number[]) => p[2] > 200 && p[0] < 60
  test('runs angle 0 from bottom to top', async () => {
    const e = await ends(0)
    expect(isRed(e.bottom) && isBlue(e.top)).toBe(true)
  })
  test('runs angle 90 from left to right', async () => {
    const e = await ends(90)
    expect(isRed(e.left) && isBlue(e.right)).toBe(true)
  })
  test('runs angle 180 from top to bottom', async () => {
    const e = await ends(180)
    expect(isRed(e.top) && isBlue(e.bottom)).toBe(true)
  })
  test('runs angle 270 from right to left', async () => {
    const e = await ends(270)
    expect(isRed(e.right) && isBlue(e.left)).toBe(true)
  })
  test('fills a solid background and names it in the header', async () => {
    const { img, res } = await compose('plane=a320&width=512&background=%23336699')
    expect(res.headers.get('x-compose-background')).toBe('solid:#336699')
    expect(pixel(img, 2, 2)).toEqual([0x33, 0x66, 0x99, 255])
  })
  test('carries alpha from 4- and 8-digit colours', async () => {
    const eight = await compose('plane=a320&width=512&background=ff000080')
    expect(pixel(eight.img, 2, 2)[3]).toBeGreaterThan(120)
    expect(pixel(eight.img, 2, 2)[3]).toBeLessThan(136)
    expect(eight.res.headers.get('x-compose-background')).toBe('solid:#ff000080')
    const four = await compose('plane=a320&width=512&background=%230f08')
    expect(pixel(four.img, 2, 2)[3]).toBeGreaterThan(130)
    expect(pixel(four.img, 2, 2)[3]).toBeLessThan(142)
  })
  test('lets the gradient win over a solid background', async () => {
    const { res } = await compose(
      'plane=a320&width=512&background=fff&backgroundGradient=linear:0:000-0,fff-1',
    )
    expect(res.headers.get('x-compose-background')).toBe('gradient:linear')
  })
})

describe('composition headers and sizes', () => {
  test('coerces to PNG and says so when another type was asked for', async () => {
    const { res } = await compose('plane=a320&filetype=webp&resolution=thumb')
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('x-format-requested')).toBe('webp')
    expect(res.headers.get('x-format-coerced')).toBe('png')
    expect(res.headers.get('x-composition-mode')).toBe('composed-runtime')
    expect(res.headers.get('x-render-width')).toBe('512')
  })
  test('does not claim a coercion when PNG was asked for', async () => {
    const { res } = await compose('plane=a320&resolution=thumb')
    expect(res.headers.get('x-format-coerced')).toBeNull()
  })
  test('sizes the canvas from the presets, 16:9', async () => {
    for (const [preset, w] of [
      ['thumb', 512],
      ['card', 1024],
    ] as const) {
      const { img } = await compose(`plane=a320&resolution=${preset}`)
      expect([img.width, img.height]).toEqual([w, Math.round((w * 9) / 16)])
    }
  })
  test('names the fleet reference plane, the largest model by default', async () => {
    const { res } = await compose('plane=a320&scale=fleet&resolution=thumb')
    expect(res.headers.get('x-compose-scale')).toBe('fleet')
    expect(res.headers.get('x-compose-reference-plane')).toBe(catalog.largestPlane().slug)
    const other = await compose(
      'plane=a320&scale=fleet&referencePlane=boeing-747-8i&resolution=thumb',
    )
    expect(other.res.headers.get('x-compose-reference-plane')).toBe('boeing-747-8i')
  })
  test('describes a composition in JSON mode', async () => {
    const res = await request(
      '/v1/images/plane?plane=a320&pitch=10&align=bottom&format=json',
      withKey(),
    )
    const body = (await res.json()) as any
    expect(body.compose.runs).toBe(true)
    expect(body.compose.reason).toContain('pitch')
    expect(body.composeOptions).toEqual({ pitch: 10, scale: 'none', align: 'bottom' })
    expect(body.filetype).toBe('png')
  })
  test('watermarks a composition without a key, as a separate cache entry', async () => {
    const clean = await compose('plane=a320&resolution=thumb&background=fff')
    const marked = await compose('plane=a320&resolution=thumb&background=fff', {})
    expect(marked.res.headers.get('x-auth-status')).toBe('unauthorized')
    expect(marked.res.headers.get('etag')).not.toBe(clean.res.headers.get('etag'))
  })
})

describe('the edge cache', () => {
  const counting = () => {
    let composed = 0
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        if (spec.placement) composed++
        return defaultRenderer.render(spec)
      },
    }
    return { renderer, count: () => composed }
  }
  test('serves a repeat from memory with the same ETag, composing once', async () => {
    const { renderer, count } = counting()
    const { request } = await makeApp({}, { renderer })
    const q = '/v1/images/plane?plane=a330&pitch=5&zoomLevel=1.234567&resolution=thumb'
    const first = await request(q, withKey())
    const second = await request(q.replace('1.234567', '1.23'), withKey())
    expect(first.headers.get('x-cache')).toBe('composed')
    expect(second.headers.get('x-cache')).toBe('memory')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(count()).toBe(1)
  })
  test('composes once for identical concurrent requests', async () => {
    const { renderer, count } = counting()
    const { request } = await makeApp({}, { renderer })
    const q = '/v1/images/plane?plane=a340&pitch=-5&resolution=thumb'
    const all = await Promise.all(Array.from({ length: 5 }, () => request(q, withKey())))
    expect(new Set(all.map((r) => r.headers.get('etag'))).size).toBe(1)
    expect(count()).toBe(1)
  })
  test('keeps compositions in the store for a restarted process', async () => {
    const { parts } = await makeApp()
    const { renderer, count } = counting()
    const first = await makeApp({}, { store: parts.store })
    const q = '/v1/images/plane?plane=a319&pitch=3&resolution=thumb'
    const a = await first.request(q, withKey())
    await first.parts.writes.settled()
    const restarted = await makeApp({}, { store: parts.store, renderer })
    const b = await restarted.request(q, withKey())
    expect(b.headers.get('x-cache')).toBe('store')
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
    expect(count()).toBe(0)
  })
  test('renders at the output size, not by upscaling a smaller asset', async () => {
    const widths: number[] = []
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        widths.push(spec.width)
        return defaultRenderer.render(spec)
      },
    }
    const { request } = await makeApp({}, { renderer })
    widths.length = 0
    await request('/v1/images/plane?plane=a350&resolution=ultra', withKey())
    expect(widths).toContain(4096)
  })
})

describe('bounded composition work', () => {
  test('answers 503 with Retry-After beyond the queue, never crashing, and serves the rest', async () => {
    const { request } = await makeApp({}, { concurrency: 1, queueMax: 1 })
    const planes = ['a319', 'a320', 'a321', 'a330', 'a340', 'a350']
    const all = await Promise.all(
      planes.map((p) => request(`/v1/images/plane?plane=${p}&pitch=7&resolution=thumb`, withKey())),
    )
    const statuses = all.map((r) => r.status)
    expect(statuses).toContain(503)
    expect(statuses).toContain(200)
    const busy = all.find((r) => r.status === 503)!
    expect(busy.headers.get('retry-after')).toBe('1')
    expect(await busy.json()).toEqual({ error: 'busy, retry later' })
  })
})
