/**
 * The drawing half of every-livery.test.ts, in a worker thread (one per core): it is handed airline
 * slugs one at a time and answers, for each, the problems of its cards (every model it flies, at 90,
 * CARD_W px wide), of its emblems and marks (each must change the picture), and its two tails for
 * the distinctness measure.
 */
import { airlineRecords } from '../../../src/catalog/airline-records'
import type { Airline, LiveryDesign } from '../../../src/catalog/types'
import { render } from '../../../src/render/index'
import { plane } from '../helpers'
import { tail } from './tail-measure'

declare const self: Worker

export const CARD_W = 256,
  CARD_H = 144
/** a card's drawn share below which the aircraft is missing (an A320 fills about a fifth of its card) */
const MIN_COVER = 0.04

export interface Job {
  slug: string
}
export interface Answer {
  slug: string
  problems: string[]
  t90: Uint8ClampedArray
  t345: Uint8ClampedArray
  cards: number
}

const airlines = new Map(airlineRecords.map((a) => [a.slug, a]))

/** pixels that differ by more than 24 in a channel */
function changed(a: ArrayLike<number>, b: ArrayLike<number>, stride: number): number {
  let n = 0
  for (let i = 0; i < a.length; i += stride)
    if (
      Math.abs(a[i] - b[i]) > 24 ||
      Math.abs(a[i + 1] - b[i + 1]) > 24 ||
      Math.abs(a[i + 2] - b[i + 2]) > 24 ||
      (stride === 4 && Math.abs(a[i + 3] - b[i + 3]) > 24)
    )
      n++
  return n
}

function card(slug: string, livery: LiveryDesign) {
  return render({
    plane: plane(slug),
    livery,
    angle: '90',
    gear: 'down',
    width: CARD_W,
    height: CARD_H,
    marginPx: Math.round(CARD_W * 0.08),
  })
}

function check(a: Airline): Answer {
  const problems: string[] = []
  let cards = 0
  for (const slug of a.fleet) {
    try {
      const r = card(slug, a.livery)
      let drawn = 0
      for (let i = 3; i < r.pixels.length; i += 4) if (r.pixels[i] > 128) drawn++
      if (drawn < MIN_COVER * CARD_W * CARD_H)
        problems.push(`${a.slug} on ${slug}: the card is nearly empty (${drawn} px drawn)`)
      cards++
    } catch (e) {
      problems.push(`${a.slug} on ${slug}: the card failed to draw: ${String(e)}`)
    }
  }
  // each emblem on the fin must show in the side-on tail, each mark on a card of a model flown
  const t90 = tail(a.livery, '90')
  const emblems = a.livery.tail.emblems ?? []
  emblems.forEach((e, k) => {
    const without = tail(
      { ...a.livery, tail: { ...a.livery.tail, emblems: emblems.filter((_, j) => j !== k) } },
      '90',
    )
    if (changed(t90, without, 3) === 0)
      problems.push(`${a.slug}: tail emblem ${e.shape} draws nothing in sight`)
  })
  const marks = a.livery.marks ?? []
  if (marks.length) {
    const model = a.fleet[0]
    const full = card(model, a.livery).pixels
    marks.forEach((m, k) => {
      const without = card(model, { ...a.livery, marks: marks.filter((_, j) => j !== k) }).pixels
      if (changed(full, without, 4) === 0)
        problems.push(`${a.slug}: mark ${m.shape} draws nothing in sight on ${model}`)
    })
  }
  return { slug: a.slug, problems, t90, t345: tail(a.livery, '345'), cards }
}

self.onmessage = (event: MessageEvent<Job>) => {
  const a = airlines.get(event.data.slug)
  if (!a) throw new Error(`no airline ${event.data.slug}`)
  const answer = check(a)
  self.postMessage(answer, [answer.t90.buffer as ArrayBuffer, answer.t345.buffer as ArrayBuffer])
}
