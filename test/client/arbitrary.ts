/** Random image options within what the service accepts, read from the client's generated table. */
import fc from 'fast-check'
import { PARAMS, type ImageOptions, type ImageParam } from '../../client/src/options'

/** text a page might send: spaces, ampersands, '#', '+', '%', commas, accents */
const freeText = fc.constantFrom(
  'airbus-a350-900',
  'A320',
  'boing 787-9',
  'Singapore Airlines',
  'Aer Lingus & Co',
  'Aéroflot',
  'a+b%20c#d',
  'x,y;z=1',
  'ÅÄÖ ✈',
)
const byName: Partial<Record<ImageParam, fc.Arbitrary<string>>> = {
  background: fc.constantFrom('dfe9f3', '#0b1d3a', 'fff', '#ffffff80'),
  backgroundGradient: fc.constantFrom(
    'linear:180:87ceeb-0,ffffff-1',
    'linear:90:000-0,fff-0.5,0b1d3a-1',
  ),
  liveryType: fc.constantFrom('base', 'blank', 'retro'),
  referencePlane: fc.constantFrom('airbus-a380-800', 'boeing-747-8i'),
}

function valueOf(name: ImageParam): fc.Arbitrary<string | number> {
  const spec = PARAMS[name]
  if (spec.enum) return fc.constantFrom(...spec.enum)
  if (spec.type === 'integer') return fc.integer({ min: spec.minimum!, max: spec.maximum! })
  if (spec.type === 'number')
    return fc.double({ min: spec.minimum!, max: spec.maximum!, noNaN: true })
  return byName[name] ?? freeText
}

/** any subset of the parameters, never both resolution and width (the service refuses the pair) */
export const imageOptions: fc.Arbitrary<ImageOptions> = fc
  .record(
    Object.fromEntries((Object.keys(PARAMS) as ImageParam[]).map((n) => [n, valueOf(n)])) as Record<
      ImageParam,
      fc.Arbitrary<string | number>
    >,
    { requiredKeys: [] },
  )
  .map((o) => (o.resolution !== undefined ? { ...o, width: undefined } : o) as ImageOptions)
