/**
 * Pitch and alignment checked on the drawn pixels of real compositions (small, transparent,
 * alpha read back): a pitched aircraft is framed by its pitched silhouette, nothing cut, and
 * align=bottom stands gear up and gear down on the same ground line.
 */
import { describe, expect, test } from 'bun:test'
import { ANGLES } from '../../../src/catalog/types'
import type { Align } from '../../../src/params/image-options'
import { ALIGN_SAFETY, margins } from '../../../src/pipeline/request/frame'
import { H, W, drawn, request, show, type Box } from './framing-support'

const TOL = 1.5 // px: antialiased edges

/** contain's promises on one picture: inside the margins (the safety line on an aligned side), touching a pair of them */
function containProblems(d: Box, align: Align, marginPercent = 8): string[] {
  const { x: mx, y: my } = margins(W, H, marginPercent)
  const top = align === 'top' ? H * ALIGN_SAFETY : my
  const bottom = align === 'bottom' ? H * ALIGN_SAFETY : my
  const out: string[] = []
  if (d.x0 < mx - TOL || d.x1 > W - mx + TOL || d.y0 < top - TOL || d.y1 > H - bottom + TOL)
    out.push(`${show(d)} crosses the margins`)
  if (d.x0 === 0 || d.y0 === 0 || d.x1 === W || d.y1 === H)
    out.push(`${show(d)} is cut by the canvas`)
  const touchesSides = Math.abs(d.x0 - mx) <= TOL && Math.abs(W - mx - d.x1) <= TOL
  const touchesTopAndBottom =
    Math.abs(d.y0 - top) <= TOL + 0.5 && Math.abs(H - bottom - d.y1) <= TOL + 0.5
  if (align === 'center' && !touchesSides && !touchesTopAndBottom)
    out.push(`${show(d)} shrunk more than the margins ask`)
  return out
}

describe('pitch, framed by the pitched silhouette', () => {
  for (const plane of ['airbus-a321-200', 'boeing-787-9'])
    test(`${plane}: every angle and pitch fits inside the margins, shrunk no more than it needs`, async () => {
      const bad: string[] = []
      for (const angle of ANGLES)
        for (const pitch of [-45, -20, 12, 45])
          for (const p of containProblems(
            await drawn(request(plane, { angle, pitch: String(pitch) })),
            'center',
          ))
            bad.push(`${angle} pitch ${pitch}: ${p}`)
      expect(bad).toEqual([])
    })
})

describe('align', () => {
  test('bottom stands gear up where gear down stands: the same picture above the gear, the wheels on the safety line', async () => {
    const bad: string[] = []
    for (const plane of ['airbus-a320-200', 'boeing-777-300er'])
      for (const angle of ANGLES) {
        const down = await drawn(request(plane, { angle, align: 'bottom', gear: 'down' }))
        const up = await drawn(request(plane, { angle, align: 'bottom', gear: 'up' }))
        const line = H * (1 - ALIGN_SAFETY)
        if (Math.abs(down.y1 - line) > TOL)
          bad.push(`${plane} ${angle}: gear down ends at ${down.y1}, not on the line ${line}`)
        // the top of the picture (a fin, a wing tip) is where it was with the gear down
        if (
          Math.abs(up.y0 - down.y0) > TOL ||
          Math.abs(up.x0 - down.x0) > TOL ||
          Math.abs(up.x1 - down.x1) > TOL
        )
          bad.push(`${plane} ${angle}: gear up ${show(up)} moved from gear down ${show(down)}`)
        if (angle !== 'top' && up.y1 > down.y1 - 1)
          bad.push(`${plane} ${angle}: gear up reaches the ground line (${up.y1})`)
        for (const p of containProblems(down, 'bottom')) bad.push(`${plane} ${angle} bottom: ${p}`)
      }
    expect(bad).toEqual([])
  })

  test('top and center keep their lines and margins at every angle', async () => {
    const bad: string[] = []
    for (const angle of ANGLES)
      for (const align of ['top', 'center'] as const) {
        const d = await drawn(request('airbus-a320-200', { angle, align }))
        if (align === 'top' && Math.abs(d.y0 - H * ALIGN_SAFETY) > TOL)
          bad.push(`${angle} top: highest point at ${d.y0}`)
        for (const p of containProblems(d, align)) bad.push(`${angle} ${align}: ${p}`)
      }
    expect(bad).toEqual([])
  })
})
