/**
 * The flood of issue "every render is admitted": distinct pre-rendered views all at once (each
 * a first render) and, meanwhile, a composition flood on many connections. Counts every answer
 * by status, and the connections that got no answer at all.
 */
const ANGLES = ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top']
const MODELS = [
  'airbus-a220-100',
  'airbus-a220-300',
  'airbus-a319-100',
  'airbus-a320-200',
  'airbus-a321-200',
  'airbus-a319-neo',
  'airbus-a320-neo',
  'airbus-a321-neo',
  'airbus-a330-200',
  'airbus-a330-300',
  'airbus-a330-900',
  'airbus-a340-300',
  'airbus-a340-600',
  'airbus-a350-900',
  'airbus-a350-1000',
  'airbus-a380-800',
  'boeing-737-700',
  'boeing-737-800',
  'boeing-737-900er',
  'boeing-737-max-8',
  'boeing-737-max-9',
  'boeing-747-400',
  'boeing-747-8i',
  'boeing-757-200',
  'boeing-767-300er',
  'boeing-777-200er',
  'boeing-777-300er',
  'boeing-777-9',
  'boeing-787-8',
  'boeing-787-9',
  'boeing-787-10',
]

/** `count` distinct pre-rendered views (blank, every model, angle and gear) */
export const distinctViews = (count: number) =>
  MODELS.flatMap((plane) =>
    ANGLES.flatMap((angle) =>
      ['down', 'up'].map((gear) => `/v1/images/plane?plane=${plane}&angle=${angle}&gear=${gear}`),
    ),
  ).slice(0, count)

export interface FloodResult {
  statuses: Record<string, number>
  /** requests that got no HTTP answer (reset, empty reply) */
  noAnswer: number
}

async function hit(
  base: string,
  path: string,
  result: FloodResult,
  headers: Record<string, string>,
) {
  try {
    const res = await fetch(base + path, { headers })
    await res.arrayBuffer()
    result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1
  } catch {
    result.noAnswer++
  }
}

export async function flood(
  base: string,
  opts: { views: number; connections: number; seconds: number; headers?: Record<string, string> },
): Promise<FloodResult> {
  const result: FloodResult = { statuses: {}, noAnswer: 0 }
  const headers = opts.headers ?? {}
  const until = performance.now() + opts.seconds * 1000
  let n = 0
  const compositionLoop = async (c: number) => {
    while (performance.now() < until) {
      const i = n++
      const preset = ['thumb', 'card', 'card', 'hd', 'ultra'][i % 5]
      await hit(
        base,
        `/v1/images/plane?plane=${MODELS[(i + c) % MODELS.length]}&angle=345&resolution=${preset}&pitch=${(((i * 0.37) % 60) - 30).toFixed(2)}`,
        result,
        headers,
      )
    }
  }
  await Promise.all([
    ...distinctViews(opts.views).map((path) => hit(base, path, result, headers)),
    ...Array.from({ length: opts.connections }, (_, c) => compositionLoop(c)),
  ])
  return result
}
