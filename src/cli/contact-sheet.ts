/**
 * A titled contact sheet: n cells of cw x ch in cols columns under a 56 px heading, each cell on an
 * alternating ground with a small label. Shared by the gallery scripts.
 */
import { createCanvas } from '@napi-rs/canvas'
import { drawLabel } from '../render/lettering/label'

/** the empty sheet with its heading; cells start `head` pixels down */
export function titledSheet(n: number, cols: number, cw: number, ch: number, title: string) {
  const head = 56
  const c = createCanvas(cols * cw, Math.ceil(n / cols) * ch + head)
  const ctx = c.getContext('2d')
  ctx.fillStyle = '#eef2f6'
  ctx.fillRect(0, 0, c.width, c.height)
  drawLabel(ctx, title, 20, 38, 26, '#1c2430', { bold: true })
  return { c, ctx, head }
}

export function contactSheet(n: number, cols: number, cw: number, ch: number, title: string) {
  const { c, ctx, head } = titledSheet(n, cols, cw, ch, title)
  /** grounds and labels cell i; returns where its picture goes (below the label) */
  const cell = (i: number, label: string) => {
    const x = (i % cols) * cw
    const y = head + Math.floor(i / cols) * ch
    ctx.fillStyle = i % 2 ? '#f7f9fb' : '#e9eef3'
    ctx.fillRect(x, y, cw, ch)
    drawLabel(ctx, label, x + 8, y + 17, 14, '#3a4656')
    return { x, y: y + 22 }
  }
  return { c, ctx, cell }
}
