/**
 * Renderer speed: `bun bench/render.ts [runs]`. Renders a mix of models, liveries and angles at
 * 1024 x 576 (card), 1280 x 720, 2048 x 1152 (hd) and 4096 x 2304 (ultra) (explicit placement, as the
 * composer calls it) with the textures cached, and prints one JSON line per size with the median,
 * then the same with a new livery every render (textures painted), then a human summary against the
 * targets. Excludes PNG encoding: that is the encoder's cost, not the renderer's.
 */
import planesJson from '../assets/planes.json'
import type { Angle, LiveryDesign, Plane } from '../src/catalog/types'
import { measure, render } from '../src/render/index'

const planes = planesJson as unknown as Plane[]
const runs = Number(process.argv[2] ?? 9)

const livery: LiveryDesign = {
  fuselage: '#ffffff', belly: '#d9dde3', bellyLine: 0.35,
  cheatline: { style: 'window-band', colors: ['#0b3d91', '#c8102e'] },
  tail: { base: '#0b3d91', style: 'disc', colors: ['#ffffff', '#c8102e'], wrap: true },
  engines: '#0b3d91', engineAccent: '#c0c6cc', titles: { text: 'Example Air', color: '#0b3d91' },
}

const cases: { slug: string; angle: Angle }[] = [
  { slug: 'airbus-a320-200', angle: '90' },
  { slug: 'boeing-787-9', angle: '345' },
  { slug: 'airbus-a380-800', angle: '45' },
  { slug: 'boeing-747-400', angle: 'top' },
  { slug: 'boeing-737-800', angle: '0' },
]

function placement(p: Plane, angle: Angle, W: number, H: number) {
  const b = measure(p, angle, 'down')
  const m = W * 0.08
  const mpp = Math.max((b.maxX - b.minX) / (W - 2 * m), (b.maxY - b.minY) / (H - 2 * m))
  return { metresPerPixel: mpp, originX: W / 2 - (b.minX + b.maxX) / 2 / mpp, originY: H / 2 + (b.minY + b.maxY) / 2 / mpp }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const results: { size: string; medianMs: number; p90Ms: number; targetMs: number }[] = []
const SIZES = [[1024, 576, 12], [1280, 720, 18], [2048, 1152, 40], [4096, 2304, 150]] as const
// a first request's budget (25 / 80 / 300 ms) less PNG encoding (~9 / 26 / 117 ms) and the background (~3 / 8 / 20 ms)
const COLD = [[1024, 576, 13], [2048, 1152, 46], [4096, 2304, 163]] as const
for (const [W, H, target] of SIZES) {
  const times: number[] = []
  for (let i = -1; i < runs; i++) {
    for (const c of cases) {
      const p = planes.find((x) => x.slug === c.slug)!
      const t = performance.now()
      render({ plane: p, livery, angle: c.angle, gear: 'down', width: W, height: H, placement: placement(p, c.angle, W, H) })
      // the first round warms the JIT and the texture cache, as a running service would be
      if (i >= 0) times.push(performance.now() - t)
    }
  }
  const sorted = [...times].sort((a, b) => a - b)
  const r = { size: `${W}x${H}`, medianMs: +median(times).toFixed(1), p90Ms: +sorted[Math.floor(sorted.length * 0.9)].toFixed(1), targetMs: target }
  results.push(r)
  console.log(JSON.stringify({ bench: 'render', ...r, runs: times.length }))
}
// a new livery every render: the fuselage and fin textures are painted each time (a bake's case)
for (const [W, H, target] of COLD) {
  const times: number[] = []
  for (let i = 0; i < runs * cases.length; i++) {
    const c = cases[i % cases.length]
    const p = planes.find((x) => x.slug === c.slug)!
    const fresh = { ...livery, titles: { ...livery.titles, text: `Example Air ${W} ${i}` } }
    const t = performance.now()
    render({ plane: p, livery: fresh, angle: c.angle, gear: 'down', width: W, height: H, placement: placement(p, c.angle, W, H) })
    times.push(performance.now() - t)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const r = { size: `${W}x${H} new livery`, medianMs: +median(times).toFixed(1), p90Ms: +sorted[Math.floor(sorted.length * 0.9)].toFixed(1), targetMs: target }
  results.push(r)
  console.log(JSON.stringify({ bench: 'render-cold-texture', ...r, runs: times.length }))
}
for (const r of results) console.log(`${r.size}: median ${r.medianMs} ms, p90 ${r.p90Ms} ms (target ${r.targetMs} ms) ${r.medianMs <= r.targetMs ? 'OK' : 'TOO SLOW'}`)
