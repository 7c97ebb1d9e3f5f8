/**
 * A titled contact sheet: n cells of cw x ch in cols columns under a 56 px heading, each cell on an
 * alternating ground with a small label. Shared by the gallery scripts.
 */
import { createCanvas } from '@napi-rs/canvas'
import { SANS } from '../render/paint/fonts'

/** the empty sheet with its heading; cells start `head` pixels down */
export function titledSheet(n: number, cols: number, cw: number, ch: number, title: string) {
  const head = 56
  const c = createCanvas(cols * cw, Math.ceil(n / cols) * ch + head)
  const ctx = c.getContext('2d')
  ctx.fillStyle = '#eef2f6'
  ctx.fillRect(0, 0, c.width, c.height)
  ctx.fillStyle = '#1c2430'
  ctx.font = `bold 26px ${SANS}`
  ctx.fillText(title, 20, 38)
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
    ctx.fillStyle = '#3a4656'
    ctx.font = `14px ${SANS}`
    ctx.fillText(label, x + 8, y + 17)
    return { x, y: y + 22 }
  }
  return { c, ctx, cell }
}
