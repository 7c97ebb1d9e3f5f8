/** Generators of hostile query values, names and paths for the route fuzzing. */
import fc from 'fast-check'

/** Values that have broken parsers somewhere: number edge cases, escapes, NUL, traversal, markup. */
const NASTY = [
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-320',
  '-0',
  '0x1F',
  '0b11',
  '1_000',
  '١٢',
  '9'.repeat(400),
  '',
  ' ',
  '%00',
  '\u0000',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%2e%2e%2f',
  '../../etc/passwd',
  '..\\..\\boot.ini',
  '/',
  '//',
  '\uFEFF',
  '\u202Eabc',
  '🛫✈️',
  'ｐｌａｎｅ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}',
  '#',
  '&',
  '=',
  '+',
  'a&api-key=x',
  '\r\nX-Injected: 1',
]
export const EIGHT_KB = 'x'.repeat(8 * 1024)

export const nastyValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.constant(EIGHT_KB) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 8000, maxLength: 8200 }) },
)

/** How a value goes into the URL: encoded, as written (escapes and all), or with its escapes double-encoded. */
const encoding = fc.constantFrom<'encoded' | 'raw' | 'double'>(
  'encoded',
  'encoded',
  'raw',
  'double',
)
const encode = (text: string, how: 'encoded' | 'raw' | 'double', s = text.toWellFormed()) =>
  how === 'raw'
    ? s.replace(/[#&\s]/g, encodeURIComponent)
    : how === 'double'
      ? encodeURIComponent(encodeURIComponent(s))
      : encodeURIComponent(s)

export type Pair = [string, string]

/** A query string from pairs, each encoded its own way; names may repeat. */
export const queryString = (pairs: fc.Arbitrary<Pair[]>) =>
  fc
    .tuple(pairs, fc.array(encoding, { minLength: 12, maxLength: 12 }))
    .map(([ps, hows]) =>
      ps
        .map(
          ([n, v], i) =>
            `${encode(n, hows[i % hows.length] === 'double' ? 'encoded' : hows[i % hows.length])}=${encode(v, hows[i % hows.length])}`,
        )
        .join('&'),
    )

/** Pairs for a route: known names with good or nasty values, unknown names, repeats. */
export function pairsFor(
  params: Record<string, readonly string[]>,
  maxLength = 6,
): fc.Arbitrary<Pair[]> {
  const known = Object.entries(params).map(([name, good]) =>
    fc.tuple(
      fc.constant(name),
      good.length ? fc.oneof(fc.constantFrom(...good), nastyValue) : nastyValue,
    ),
  )
  const unknown = fc.tuple(
    fc.oneof(
      fc.constantFrom('x', 'API-KEY', 'api%2Dkey', 'Plane', 'plane[]', '__proto__', '%00', ''),
      fc.string({ maxLength: 12 }),
    ),
    nastyValue,
  )
  const pair = known.length
    ? fc.oneof({ weight: 5, arbitrary: fc.oneof(...known) }, { weight: 1, arbitrary: unknown })
    : unknown
  return fc.array(pair, { maxLength })
}

/** A path segment for the info routes: a slug, a traversal, an escape, a long or unicode name. */
export const pathSlug = fc.oneof(
  fc.constantFrom('airbus-a380-800', 'boeing-787-9', 'qantas', 'lufthansa', 'A380', 'LH'),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%2F',
    '%00',
    '%',
    '%zz',
    'a%2Fb',
    encodeURIComponent(EIGHT_KB),
    '%F0%9F%9B%AB',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
)
