/**
 * Which thread does what for one picture, decided in one place from the picture's size, the
 * render threads alive (with their jobs in flight) and whether compositions wait: a pure
 * function, so every split the renderer makes can be read, and tested, here.
 *
 * When nothing waits, the calling thread takes part: it prepares the picture from its own caches
 * (warmed at start) and draws a band, while the first render thread paints the background. When
 * compositions wait, the calling thread must stay free for the answers that come meanwhile: the
 * first render thread prepares, the last paints the background, and all of them draw.
 */

/** the calling (request) thread, or a render thread by its index among the live ones */
export type Doer = 'caller' | number

export interface PlanInput {
  /** width x height of the picture */
  pixels: number
  /** jobs in flight on each live render thread */
  pending: number[]
  /** no composition waits: the calling thread has nothing else to answer and takes part */
  callerFree: boolean
  /** the caller brought the picture's textures and geometry */
  prepared: boolean
  /** the machine's cores */
  cores: number
}

export interface Plan {
  /** who paints the textures and builds the geometry */
  prepare: Doer | 'given'
  /** who paints the background, when there is one */
  underlay: Doer
  /** who draws each band, in band order (the bands' strips are then taken by whoever is free) */
  bands: Doer[]
  /** who encodes each band of a fast PNG, top first; the caller alone: in one piece */
  png: Doer[]
  /** where a waiting composition is finished (mark, PNG): the thread with the fewest jobs in flight */
  finish: Doer
}

/** from this size up a PNG is encoded in bands on several threads; below, the round trip costs what a band saves */
export const PNG_BANDS_PIXELS = 500_000

const indices = (n: number) => Array.from({ length: n }, (_, i) => i)

function idlest(pending: number[]): Doer {
  if (!pending.length) return 'caller'
  return pending.reduce((best, n, i) => (n < pending[best] ? i : best), 0)
}

function pngBands({ pixels, pending, cores }: PlanInput): Doer[] {
  const count = Math.min(pending.length + 1, cores)
  if (count < 2 || pixels < PNG_BANDS_PIXELS) return ['caller']
  return ['caller', ...indices(count - 1)]
}

export function planPicture(input: PlanInput): Plan {
  const { pending, callerFree, prepared } = input
  const threads = pending.length
  const common = { png: pngBands(input), finish: idlest(pending) }
  if (!threads)
    return {
      prepare: prepared ? 'given' : 'caller',
      underlay: 'caller',
      bands: ['caller'],
      ...common,
    }
  if (!callerFree)
    return {
      prepare: prepared ? 'given' : 0,
      underlay: threads - 1,
      bands: indices(threads),
      ...common,
    }
  // the first thread paints the background, so the caller draws in its stead
  return {
    prepare: prepared ? 'given' : 'caller',
    underlay: 0,
    bands: ['caller', ...indices(threads).slice(1)],
    ...common,
  }
}
