import { describe, expect, test } from 'bun:test'
import { Fuselage } from '../../../src/render/parts/fuselage'
import { Mat, Zone } from '../../../src/render/parts/materials'
import { modelOf } from '../../../src/render/parts/model'
import { shapeOf } from '../../../src/render/parts/shape'
import type { Mesh } from '../../../src/render/parts/mesh'
import { cockpitEnd } from '../../../src/render/paint/cockpit'
import { plane, planes } from '../helpers'

/** triangles of a material: their face normals and vertex positions */
function faces(mesh: Mesh, mat: number): { n: number[]; p: number[][] }[] {
  const out: { n: number[]; p: number[][] }[] = []
  for (let t = 0; t < mesh.mat.length; t++) {
    if (mesh.mat[t] !== mat) continue
    const p = [0, 1, 2].map((k) => {
      const i = 3 * mesh.idx[3 * t + k]
      return [mesh.pos[i], mesh.pos[i + 1], mesh.pos[i + 2]]
    })
    out.push({ n: [mesh.face[3 * t], mesh.face[3 * t + 1], mesh.face[3 * t + 2]], p })
  }
  return out
}

describe('fuselage surface', () => {
  test('along the nose a painted height runs level: points at one height share one girth coordinate', () => {
    for (const slug of ['boeing-787-9', 'boeing-737-800', 'airbus-a380-800']) {
      const p = plane(slug)
      const fus = new Fuselage(p, shapeOf(p))
      const z = fus.zBelly + 0.4 * fus.H
      // right-side points at the same true height, at three stations along the nose
      const vs = [0.2, 0.4, 0.7].map((f) => {
        const x = f * fus.shape.nose.length
        const sec = fus.section(x)
        // the girth angle whose point sits at height z on the right side (bisection)
        let lo = Math.PI / 2 - 1.5,
          hi = Math.PI
        if (fus.point(x, sec, hi)[2] > z) return NaN
        for (let i = 0; i < 60; i++) {
          const m = (lo + hi) / 2
          if (fus.point(x, sec, m)[2] > z) lo = m
          else hi = m
        }
        const th = (lo + hi) / 2
        return fus.girthAt(x, fus.point(x, sec, th), th, false)
      })
      expect(vs.every((v) => Number.isFinite(v))).toBe(true)
      for (const v of vs) expect(Math.abs(v - vs[0])).toBeLessThan(1e-6)
    }
  })

  test('no nose triangle spans the two sides of the texture: the keel is a seam, so no colour smears up the tip', () => {
    for (const slug of ['airbus-a320-200', 'boeing-787-9', 'airbus-a380-800']) {
      const m = modelOf(plane(slug), 'down', 'full')
      const nl = m.shape.nose.length
      let widest = 0
      for (let t = 0; t < m.mesh.mat.length; t++) {
        if (m.mesh.mat[t] !== Mat.Fuselage) continue
        const ids = [0, 1, 2].map((k) => m.mesh.idx[3 * t + k])
        if (ids.some((i) => m.mesh.pos[3 * i] > nl)) continue
        // the doubled keel column's triangles have no area: they cannot be seen
        const at = (i: number) => [0, 1, 2].map((k) => m.mesh.pos[3 * i + k]).join()
        if (new Set(ids.map(at)).size < 3) continue
        const vs = ids.map((i) => m.mesh.uv[2 * i + 1])
        widest = Math.max(widest, Math.max(...vs) - Math.min(...vs))
      }
      expect(widest).toBeLessThan(0.2)
    }
  })

  test('the wing-body fairing is part of the skin: the belly swells below the wing root, nowhere else', () => {
    const p = plane('airbus-a320-200')
    const fus = new Fuselage(p, shapeOf(p))
    const belly = (x: number) => fus.point(x, fus.section(x), Math.PI)[2]
    const mid = ((shapeOf(p).fairing.from + shapeOf(p).fairing.to) / 2) * p.lengthM
    expect(belly(mid)).toBeLessThan(fus.zBelly - 0.5 * shapeOf(p).fairing.depth)
    expect(belly(0.25 * p.lengthM)).toBeCloseTo(fus.zBelly, 6)
  })

  test('the tail cone closes in a rounded cap reaching the full length, not a flat disc', () => {
    const { mesh } = modelOf(plane('boeing-777-300er'), 'up', 'full')
    const L = plane('boeing-777-300er').lengthM
    const tail = faces(mesh, Mat.Fuselage).filter((f) => f.p.some((q) => q[0] > L - 1e-6))
    expect(tail.length).toBeGreaterThan(0)
    // no face at the very end looks straight back (a flat cap would, all of it)
    const flat = tail.filter((f) => Math.abs(f.n[0]) / Math.hypot(f.n[0], f.n[1], f.n[2]) > 0.999)
    expect(flat.length).toBeLessThan(tail.length / 4)
  })
})

describe('faces by family', () => {
  test("the A330/A340 have a cockpit of their own, not the A320 family's", () => {
    const style = (slug: string) => shapeOf(plane(slug)).nose.cockpit
    for (const wide of ['airbus-a330-300', 'airbus-a330-900', 'airbus-a340-600'])
      expect(style(wide)).not.toBe(style('airbus-a320-200'))
  })

  test('the first door opens behind the cockpit windows, never across them', () => {
    // the 747's flight deck is on the upper deck, above the first main-deck door
    for (const p of planes.filter((q) => shapeOf(q).nose.cockpit !== 'b747')) {
      const s = shapeOf(p)
      // a door is about 0.9 m wide; its front edge clear of the last pane by at least 0.3 m
      expect(s.doors[0] * p.lengthM - 0.45).toBeGreaterThan(
        cockpitEnd(s.nose.cockpit) * s.nose.length + 0.3,
      )
    }
  })
})

describe('engines and wings by type', () => {
  test('the fan face is seen from ahead: every fan triangle faces forward', () => {
    for (const slug of ['boeing-787-9', 'boeing-737-800', 'airbus-a320-neo']) {
      const fan = faces(modelOf(plane(slug), 'down').mesh, Mat.Fan)
      expect(fan.length).toBeGreaterThan(0)
      expect(fan.every((f) => f.n[0] < 0)).toBe(true)
    }
  })

  test('chevrons cut teeth into the fan nozzle of the 787, not of the 777', () => {
    const nozzleSpread = (slug: string) => {
      const m = modelOf(plane(slug), 'down', 'full').mesh
      // nacelle points in the cowl's last zone stretch: their spread along the axis
      const xs: number[] = []
      for (let i = 0; i < m.uv.length / 2; i++)
        if (m.uv[2 * i] > 2.85 && m.uv[2 * i] < 2.95) xs.push(m.pos[3 * i])
      return Math.max(...xs) - Math.min(...xs)
    }
    // both engines share x, so the spread is the teeth only
    expect(nozzleSpread('boeing-787-9')).toBeGreaterThan(0.1)
    expect(nozzleSpread('boeing-777-300er')).toBeLessThan(1e-6)
  })

  test("each engine type its own cowl: the A330neo's Trent 7000 runs its fan cowl further aft than the A330ceo's CF6, the neo's LEAP tapers less than the ceo's CFM56", () => {
    // of the starboard nacelles' points: where the fan cowl ends, as a fraction of the nacelle's length
    const cowlEnd = (slug: string) => {
      const m = modelOf(plane(slug), 'down', 'full').mesh
      const xs: number[] = [],
        nozzle: number[] = []
      for (let t = 0; t < m.mat.length; t++) {
        if (m.mat[t] !== Mat.Nacelle) continue
        for (let k = 0; k < 3; k++) {
          const i = m.idx[3 * t + k],
            u = m.uv[2 * i]
          if (m.pos[3 * i + 1] < 0) continue
          xs.push(m.pos[3 * i])
          if (u >= Zone.Cowl + 0.89 && u < Zone.Core) nozzle.push(m.pos[3 * i])
        }
      }
      const front = Math.min(...xs),
        back = Math.max(...xs)
      return (Math.max(...nozzle) - front) / (back - front)
    }
    expect(cowlEnd('airbus-a330-900')).toBeGreaterThan(cowlEnd('airbus-a330-300') + 0.15)
    expect(plane('airbus-a330-900').engines.nacelleDiameterM).toBeGreaterThan(
      plane('airbus-a330-300').engines.nacelleDiameterM,
    )
    const taper = (slug: string) => shapeOf(plane(slug)).engines.taper ?? 0.2
    expect(taper('airbus-a320-neo')).toBeLessThan(taper('airbus-a320-200'))
  })

  test('a raked tip keeps a real chord at the tip instead of a spike', () => {
    for (const slug of ['boeing-777-300er', 'boeing-787-9', 'boeing-747-8i']) {
      const m = modelOf(plane(slug), 'up', 'full')
      const wing = faces(m.mesh, Mat.Wing)
      const tipY = Math.max(...wing.flatMap((f) => f.p.map((q) => q[1])))
      const atTip = wing.flatMap((f) => f.p).filter((q) => q[1] > tipY - 0.05)
      const chord = Math.max(...atTip.map((q) => q[0])) - Math.min(...atTip.map((q) => q[0]))
      expect(chord).toBeGreaterThan(0.25 * m.shape.wing.tipChord)
    }
  })

  test('the 777-9 shows its folding tip as a joint across the wing; the 777-300ER has none', () => {
    const joints = (slug: string) => {
      const m = modelOf(plane(slug), 'up', 'full')
      const parts = new Set<number>()
      for (let t = 0; t < m.mesh.mat.length; t++)
        if (m.mesh.mat[t] === Mat.Wing) parts.add(m.mesh.part[t])
      return parts.size
    }
    expect(joints('boeing-777-9')).toBe(4) // two surfaces a side
    expect(joints('boeing-777-300er')).toBe(2)
  })

  test('gear legs carry doors when down, and none are built with the gear up', () => {
    const doors = (gear: 'up' | 'down') =>
      faces(modelOf(plane('boeing-787-9'), gear).mesh, Mat.Door).length
    expect(doors('down')).toBeGreaterThan(0)
    expect(doors('up')).toBe(0)
  })
})
