/**
 * A titled contact sheet: n cells of cw x ch in cols columns under a 56 px heading, each cell on an
 * alternating ground with a small label. Shared by the gallery scripts (gallery-liveries.ts; gallery.ts
 * keeps its own copy until its owner moves it here).
 */
import { createCanvas } from '@napi-rs/canvas'
import { SANS } from '../render/paint/fonts'

export function contactSheet(n: number, cols: number, cw: number, ch: number, title: string) {
  const head = 56
  const c = createCanvas(cols * cw, Math.ceil(n / cols) * ch + head)
  const ctx = c.getContext('2d')
  ctx.fillStyle = '#eef2f6'
  ctx.fillRect(0, 0, c.width, c.height)
  ctx.fillStyle = '#1c2430'
  ctx.font = `bold 26px ${SANS}`
  ctx.fillText(title, 20, 38)
  /** grounds and labels cell i; returns where its picture goes (below the label) */
  const cell = (i: number, label: string) => {
    const x = (i % cols) * cw
    const y = head + Math.floor(i / cols) * ch
    ctx.fillStyle = i % 2 ? '#f7f9fb' : '#e9eef3'
    ctx.fillRect(x, y, cw, ch)
    ctx.fillStyle = '#3a4656'
    ctx.font = `14px ${SANS}`
    ctx.fillText(label, x + 8, y + 17)
    return { x, y: y + 22 }
  }
  return { c, ctx, cell }
}
