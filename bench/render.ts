/**
 * Renderer speed: `bun bench/render.ts [runs]`. Renders a mix of models, liveries and angles at
 * 1024 x 576 (card), 1280 x 720, 2048 x 1152 (hd) and 4096 x 2304 (ultra) (explicit placement, as the
 * composer calls it) with the textures cached, and prints one JSON line per size with the median,
 * then the same with a new livery every render (textures painted), then a human summary against the
 * targets. Excludes PNG encoding: that is the encoder's cost, not the renderer's.
 */
import './lib/allocator'
import { createCanvas } from '@napi-rs/canvas'
import planesJson from '../assets/planes.json'
import { viewOf } from '../src/render/raster/camera'
import { modelOf } from '../src/render/parts/model'
import { check, printTargets, writeResults, type TargetCheck } from './lib/report'
import type { Angle, LiveryDesign, Plane } from '../src/catalog/types'
import { measure, render } from '../src/render/index'

const planes = planesJson as unknown as Plane[]
const runs = Number(process.argv[2] ?? 9)

const livery: LiveryDesign = {
  fuselage: '#ffffff',
  belly: '#d9dde3',
  bellyLine: 0.35,
  cheatline: { style: 'window-band', colors: ['#0b3d91', '#c8102e'] },
  tail: { base: '#0b3d91', style: 'disc', colors: ['#ffffff', '#c8102e'], wrap: true },
  engines: '#0b3d91',
  engineAccent: '#c0c6cc',
  titles: { text: 'Example Air', color: '#0b3d91' },
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
  return {
    metresPerPixel: mpp,
    originX: W / 2 - (b.minX + b.maxX) / 2 / mpp,
    originY: H / 2 + (b.minY + b.maxY) / 2 / mpp,
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const results: { size: string; medianMs: number; p90Ms: number; targetMs: number | null }[] = []
// issue targets: 1280 x 720 at most 150 ms, 4096 wide at most 1 s; the other sizes are reported for composition
const SIZES = [
  [1024, 576, null],
  [1280, 720, 150],
  [2048, 1152, null],
  [4096, 2304, 1000],
] as const
const COLD = [
  [1024, 576, null],
  [2048, 1152, null],
  [4096, 2304, 1000],
] as const
for (const [W, H, target] of SIZES) {
  const times: number[] = []
  for (let i = -1; i < runs; i++) {
    for (const c of cases) {
      const p = planes.find((x) => x.slug === c.slug)!
      const t = performance.now()
      render({
        plane: p,
        livery,
        angle: c.angle,
        gear: 'down',
        width: W,
        height: H,
        placement: placement(p, c.angle, W, H),
      })
      // the first round warms the JIT and the texture cache, as a running service would be
      if (i >= 0) times.push(performance.now() - t)
    }
  }
  const sorted = [...times].sort((a, b) => a - b)
  const r = {
    size: `${W}x${H}`,
    medianMs: +median(times).toFixed(1),
    p90Ms: +sorted[Math.floor(sorted.length * 0.9)].toFixed(1),
    targetMs: target,
  }
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
    render({
      plane: p,
      livery: fresh,
      angle: c.angle,
      gear: 'down',
      width: W,
      height: H,
      placement: placement(p, c.angle, W, H),
    })
    times.push(performance.now() - t)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const r = {
    size: `${W}x${H} new livery`,
    medianMs: +median(times).toFixed(1),
    p90Ms: +sorted[Math.floor(sorted.length * 0.9)].toFixed(1),
    targetMs: target,
  }
  results.push(r)
  console.log(JSON.stringify({ bench: 'render-cold-texture', ...r, runs: times.length }))
}
/**
 * The peer, in the same run: the same projected mesh drawn the plain way with skia, every
 * triangle a flat-shaded canvas path in back-to-front order (no depth buffer, no supersampling,
 * no textures): what "draw it with the 2D canvas" costs.
 */
function skiaPaths(p: Plane, angle: Angle, W: number, H: number) {
  const { mesh } = modelOf(p, 'down')
  const v = viewOf(angle)
  const pl = placement(p, angle, W, H)
  const n = mesh.idx.length / 3
  const order = new Uint32Array(n).map((_, i) => i)
  const depth = new Float64Array(n)
  const P = mesh.pos
  const proj = (i: number, axis: number[]) =>
    P[3 * i] * axis[0] + P[3 * i + 1] * axis[1] + P[3 * i + 2] * axis[2]
  for (let t = 0; t < n; t++)
    depth[t] =
      proj(mesh.idx[3 * t], v.d) + proj(mesh.idx[3 * t + 1], v.d) + proj(mesh.idx[3 * t + 2], v.d)
  order.sort((a, b) => depth[a] - depth[b])
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  for (const t of order) {
    ctx.beginPath()
    for (let k = 0; k < 3; k++) {
      const i = mesh.idx[3 * t + k]
      const x = pl.originX + proj(i, v.r) / pl.metresPerPixel
      const y = pl.originY - proj(i, v.u) / pl.metresPerPixel
      if (k === 0) ctx.moveTo(x, y)
      else ctx.lineTo(x, y)
    }
    const shade = 120 + ((t * 37) % 100)
    ctx.fillStyle = `rgb(${shade},${shade},${shade})`
    ctx.fill()
  }
  return canvas.data() // flush skia's deferred drawing
}
const peer: { size: string; medianMs: number }[] = []
for (const [W, H] of SIZES) {
  const times: number[] = []
  for (let i = -1; i < Math.max(3, Math.floor(runs / 3)); i++)
    for (const c of cases) {
      const p = planes.find((x) => x.slug === c.slug)!
      const t = performance.now()
      skiaPaths(p, c.angle, W, H)
      if (i >= 0) times.push(performance.now() - t)
    }
  peer.push({ size: `${W}x${H}`, medianMs: +median(times).toFixed(1) })
  console.log(
    JSON.stringify({
      bench: 'render-peer-skia-paths',
      size: `${W}x${H}`,
      medianMs: peer[peer.length - 1].medianMs,
    }),
  )
}

const targets: TargetCheck[] = []
console.log(
  "\nrenderer (depth-buffered, supersampled, textured) vs skia canvas paths (flat, painter's order), medians",
)
for (const r of results) {
  const p = peer.find((x) => x.size === r.size)
  const ratio = p
    ? ` | skia paths ${p.medianMs} ms, renderer takes ${(r.medianMs / p.medianMs).toFixed(2)}x`
    : ''
  console.log(`${r.size}: median ${r.medianMs} ms, p90 ${r.p90Ms} ms${ratio}`)
  if (r.targetMs !== null)
    targets.push(
      check(`render ${r.size}`, r.medianMs, 'ms', `<= ${r.targetMs} ms`, r.medianMs <= r.targetMs),
    )
}
printTargets(targets)
writeResults('render', { results, peer, targets })
