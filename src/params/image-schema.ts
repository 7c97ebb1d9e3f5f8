/**
 * The query of GET /v1/images/plane, defined once: types, accepted values, bounds, defaults
 * and aliases. The parser (image-query.ts) takes its bounds, enums, defaults and aliases from
 * here, and the OpenAPI document is generated from it, so the two cannot disagree.
 *
 * It documents; it does not validate at the door: a bad value is the parser's to judge
 * (400 in JSON mode, the default or clamped value in image mode, decisions.md). So enums
 * are plain JSON Schema `enum`s (what a form turns into a select), and aliases are listed
 * under `x-aliases` (alias -> value) as well as in the description. `x-composes` marks the
 * parameters whose presence makes the image a composition rather than a pre-rendered asset.
 *
 * Each option also says here, once, what the rest of the service derives from it:
 * - `x-option`: where its parsed value lands in ImageOptions ('compose.pitch'); an option the
 *   parser has no rule of its own for is parsed by its kind (enum, number, text) into it
 * - `x-group`: the problem group a bad value is reported in (the 400 body of JSON mode)
 * - `x-cache-key`: 'picture' (in a composed picture's cache key), 'picture-unless-default' (in
 *   it only when not the default, so keys stored before the option existed keep matching: the
 *   parser leaves it out of the options at its default), or 'not-picture: <why>'
 * - `x-describe`: its field in the JSON description (format=json)
 * - `x-headers`: the response headers that report it on a composition, as OpenAPI says them
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { ANGLES } from '../catalog/types'

/** a string from a fixed list; typed as the union of its values */
const choice = <T extends string>(
  values: readonly T[],
  options: { description: string; default?: T; aliases?: Record<string, string> } & Record<
    string,
    unknown
  >,
) => {
  const { aliases, ...rest } = options
  return Type.Unsafe<T>({
    type: 'string',
    enum: [...values],
    ...rest,
    ...(aliases ? { 'x-aliases': aliases } : {}),
  })
}
const text = (description: string, extra: Record<string, unknown> = {}) =>
  Type.String({ description, ...extra })
/** an option left out of a composed picture's cache key, and why (x-cache-key) */
const notInKey = (why: string) => `not-picture: ${why}` as const

// png, jpg and webp are the spec's; avif and auto (negotiated from Accept) are extensions
export const FILETYPES = ['png', 'jpg', 'webp', 'avif', 'auto'] as const
/** the quality a lossy type is encoded at when none is asked (PNG is lossless: it has none) */
export const QUALITY_DEFAULTS = { jpg: 88, webp: 88, avif: 60 } as const
export const ZOOM_TYPES = ['contain', 'fill'] as const
export const SCALE_MODES = ['none', 'fleet', 'absolute'] as const
// in the order the error message names them ("align must be top, center or bottom")
export const ALIGNS = ['top', 'center', 'bottom'] as const
export const SHADOWS = ['none', 'ground'] as const
export const RESOLUTIONS = ['thumb', 'card', 'hd', 'ultra'] as const
export const FORMATS = ['image', 'json'] as const
export const GEAR_VALUES = ['up', 'down'] as const

export const RESOLUTION_WIDTHS = {
  thumb: 512,
  card: 1024,
  hd: 2048,
  ultra: 4096,
} as const satisfies Record<(typeof RESOLUTIONS)[number], number>

const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$'
const HEX = '^#?([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'

export const ImageQuerySchema = Type.Object(
  {
    plane: Type.Optional(
      text(
        'Aircraft: slug, IATA or ICAO type code, a common spelling, or a name with a typo or two',
        {
          examples: ['airbus-a350-900', 'A320', '789', 'boing 787-9'],
          'x-option': 'plane',
          'x-cache-key': notInKey(
            'the selector as typed; the resolved plane (decision) is in the key',
          ),
        },
      ),
    ),
    plane_iata: Type.Optional(
      text('Strict IATA type code; wins over plane', {
        examples: ['359'],
        'x-option': 'plane',
        'x-cache-key': notInKey(
          'the selector as typed; the resolved plane (decision) is in the key',
        ),
      }),
    ),
    plane_icao: Type.Optional(
      text('Strict ICAO type code; wins over plane_iata and plane', {
        examples: ['A359'],
        'x-option': 'plane',
        'x-cache-key': notInKey(
          'the selector as typed; the resolved plane (decision) is in the key',
        ),
      }),
    ),
    airline: Type.Optional(
      text(
        'Airline: slug, IATA or ICAO code, name, or a name with a typo or two; without it the aircraft is blank',
        {
          examples: ['lufthansa', 'AF', 'Singapore Airlines'],
          'x-option': 'airline',
          'x-cache-key': notInKey(
            'the selector as typed; the resolved airline (decision) is in the key',
          ),
        },
      ),
    ),
    airline_iata: Type.Optional(
      text('Strict IATA airline code; wins over airline', {
        examples: ['LH'],
        'x-option': 'airline',
        'x-cache-key': notInKey(
          'the selector as typed; the resolved airline (decision) is in the key',
        ),
      }),
    ),
    airline_icao: Type.Optional(
      text('Strict ICAO airline code; wins over airline_iata and airline', {
        examples: ['DLH'],
        'x-option': 'airline',
        'x-cache-key': notInKey(
          'the selector as typed; the resolved airline (decision) is in the key',
        ),
      }),
    ),
    liveryType: Type.Optional(
      text(
        "base (the airline's livery), blank (unpainted), or a special livery slug of the airline",
        {
          default: 'base',
          pattern: SLUG,
          examples: ['base', 'blank', 'retro'],
          'x-option': 'liveryType',
          'x-group': 'render',
          'x-cache-key': notInKey('as asked; the applied livery (decision) is in the key'),
        },
      ),
    ),
    format: Type.Optional(
      choice(FORMATS, {
        default: 'image',
        description:
          'image: the picture; json: how the request was resolved, without the picture (bad values answer 400 there)',
        'x-option': 'format',
        'x-group': 'render',
        'x-cache-key': notInKey('a JSON description never reads the cache'),
      }),
    ),
    filetype: Type.Optional(
      choice(FILETYPES, {
        default: 'png',
        aliases: { jpeg: 'jpg' },
        description:
          "Image type (jpeg means jpg). auto: AVIF, WebP or PNG, as the request's Accept header allows (image/avif, then image/webp, by q-value; a wildcard accepts only PNG; never JPEG), answered with Vary: Accept. " +
          'A composition asked as png, jpg or webp is PNG (x-format-coerced says so); asked as avif it is AVIF, as auto the negotiated type',
        'x-option': 'filetype',
        'x-group': 'filetype',
        'x-cache-key': notInKey(
          'as asked (auto, or a type a composition turns to PNG); the encoding sent is in the key',
        ),
      }),
    ),
    quality: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        'x-defaults': QUALITY_DEFAULTS,
        description: `Encoding quality of jpg, webp and avif (higher: larger and closer to the drawing); by default jpg ${QUALITY_DEFAULTS.jpg}, webp ${QUALITY_DEFAULTS.webp}, avif ${QUALITY_DEFAULTS.avif}; PNG ignores it. A pre-rendered image at another quality is encoded on demand and not stored, so it costs a render on its first request`,
        'x-option': 'quality',
        'x-group': 'render',
        'x-cache-key': notInKey(
          "as asked; the encoding sent (its quality or its type's default) is in the key",
        ),
      }),
    ),
    angle: Type.Optional(
      choice(ANGLES, {
        default: '90',
        aliases: { '347': '345' },
        description:
          'Camera position around the aircraft, degrees from the nose towards its right side (90: right side, nose to the right), or top (from above); 45, 135, 225, 315 and 345 look down a little. 347 means 345',
        'x-option': 'angle',
        'x-group': 'angle',
        'x-cache-key': notInKey('the decision carries it'),
      }),
    ),
    gear: Type.Optional(
      choice(GEAR_VALUES, {
        default: 'down',
        aliases: {
          false: 'up',
          '0': 'up',
          without: 'up',
          retracted: 'up',
          true: 'down',
          '1': 'down',
          with: 'down',
          extended: 'down',
        },
        description:
          'Landing gear; false, 0, without and retracted also mean up; true, 1, with and extended mean down',
        'x-option': 'gear',
        'x-group': 'render',
        'x-cache-key': notInKey('the decision carries it'),
      }),
    ),
    pitch: Type.Optional(
      Type.Number({
        minimum: -45,
        maximum: 45,
        default: 0,
        multipleOf: 0.01,
        'x-aliases': { none: 0, up: 25, down: -25, up25: 25, down25: -25, up45: 45, down45: -45 },
        description:
          'Nose-up angle in degrees (negative: nose down), rounded to 2 decimals; aliases none (0), up (25), down (-25), up45, down45. The aircraft shrinks only as much as the turned silhouette needs. Composes',
        'x-composes': true,
        'x-option': 'compose.pitch',
        'x-group': 'compose',
        'x-cache-key': 'picture',
        'x-describe': 'composeOptions.pitch',
        'x-headers': {
          'x-compose-pitch': {
            description: 'Composition with pitch: the pitch applied, degrees',
            schema: { type: 'string' },
          },
        },
      }),
    ),
    background: Type.Optional(
      text(
        'Background colour, hex with 3, 4, 6 or 8 digits (4 and 8 carry alpha), # optional (send it as %23); transparent without it. Composes',
        {
          'x-composes': true,
          pattern: HEX,
          examples: ['dfe9f3', '#0b1d3a'],
          'x-option': 'compose.background',
          'x-group': 'render',
          'x-cache-key': 'picture',
          'x-headers': {
            'x-compose-background': {
              description:
                'Composition with a background (or backgroundGradient): solid:<#hex> or gradient:linear',
              schema: { type: 'string', pattern: '^(solid:#[0-9a-f]+|gradient:linear)$' },
            },
          },
        },
      ),
    ),
    backgroundGradient: Type.Optional(
      text(
        'Linear gradient background: linear:<degrees>:<colour>-<offset>,<colour>-<offset>[,...], offsets 0..1, 0 degrees = bottom to top, 90 = left to right; wins over background. Composes',
        {
          'x-composes': true,
          examples: ['linear:180:87ceeb-0,ffffff-1'],
          'x-option': 'compose.gradient',
          'x-group': 'render',
          'x-cache-key': 'picture',
        },
      ),
    ),
    marginPercent: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 45,
        default: 8,
        multipleOf: 0.01,
        description:
          'Empty border on all four sides, in percent of the canvas width, rounded to 2 decimals. Composes when not 8',
        'x-composes': 'when not the default',
        'x-option': 'render.marginPercent',
        'x-group': 'render',
        'x-cache-key': 'picture',
        'x-describe': 'renderOptions.marginPercent',
      }),
    ),
    zoomLevel: Type.Optional(
      Type.Number({
        minimum: 0.5,
        maximum: 3,
        default: 1,
        multipleOf: 0.01,
        description:
          'Size factor, rounded to 2 decimals; above 1 the aircraft may be cut by the canvas edges. Composes',
        'x-composes': true,
        'x-option': 'render.zoomLevel',
        'x-group': 'render',
        'x-cache-key': 'picture',
        'x-describe': 'renderOptions.zoomLevel',
      }),
    ),
    zoomType: Type.Optional(
      choice(ZOOM_TYPES, {
        default: 'contain',
        description:
          'contain: the whole aircraft inside the margins; fill: covers the canvas, cutting what overflows. Composes',
        'x-composes': true,
        'x-option': 'render.zoomType',
        'x-group': 'render',
        'x-cache-key': 'picture',
        'x-describe': 'renderOptions.zoomType',
      }),
    ),
    align: Type.Optional(
      choice(ALIGNS, {
        default: 'center',
        description:
          'Vertical placement: bottom puts the lowest drawn point on a line 4% of the canvas height above the bottom edge, top the highest 4% below the top; falls back to center when the aircraft is too tall for it (x-compose-align says which). Composes',
        'x-composes': true,
        'x-option': 'compose.align',
        'x-group': 'compose',
        'x-cache-key': 'picture',
        'x-describe': { field: 'composeOptions.align', description: 'the alignment applied' },
        'x-headers': {
          'x-compose-align': {
            description:
              'Composition: the alignment applied (center when the one asked did not fit)',
            schema: { type: 'string', enum: [...ALIGNS] },
          },
        },
      }),
    ),
    verticalAlign: Type.Optional(
      choice(ALIGNS, {
        default: 'center',
        description: 'Alias of align (align wins when both are sent). Composes',
        'x-alias-of': 'align',
        'x-composes': true,
        'x-option': 'compose.align',
        'x-group': 'compose',
        'x-cache-key': 'picture',
      }),
    ),
    scale: Type.Optional(
      choice(SCALE_MODES, {
        default: 'none',
        description:
          "none: framed by zoomType; fleet: every model on one metres-per-pixel scale, the reference plane's length spanning the width inside the margins; absolute: every model drawn as wide as the width inside the margins. Nothing is cut unless zoomLevel is above 1. Composes",
        'x-composes': true,
        'x-option': 'compose.scale',
        'x-group': 'compose',
        'x-cache-key': 'picture',
        'x-describe': 'composeOptions.scale',
        'x-headers': {
          'x-compose-scale': {
            description: 'Composition with scale: the scale mode',
            schema: { type: 'string', enum: [...SCALE_MODES] },
          },
          'x-compose-reference-plane': {
            description: 'scale=fleet: the plane whose length sets the scale',
            schema: { type: 'string' },
          },
        },
      }),
    ),
    shadow: Type.Optional(
      choice(SHADOWS, {
        default: 'none',
        description:
          'ground: a soft shadow on the ground under the aircraft, painted on the background (an extension of the spec: the aircraft itself is always lit by a sun fixed to it, with its own cast shadows); none: no ground shadow. Composes',
        'x-composes': true,
        'x-option': 'compose.shadow',
        'x-group': 'compose',
        'x-cache-key': 'picture-unless-default',
      }),
    ),
    referencePlane: Type.Optional(
      text(
        'Plane slug whose real length sets the scale=fleet scale; by default the model with the greatest wingspan (airbus-a380-800)',
        {
          pattern: SLUG,
          examples: ['airbus-a380-800', 'boeing-747-8i'],
          'x-option': 'compose.referencePlane',
          'x-group': 'compose',
          'x-cache-key': notInKey(
            'as asked; the resolved reference is in the key under scale=fleet',
          ),
        },
      ),
    ),
    v: Type.Optional(
      text(
        'Manifest version the URL is pinned to (as x-manifest-version and /v1/health tell it): while it is the current version the image is answered Cache-Control: public, max-age=31536000, immutable (a keyed answer stays private); another value is served as without it',
        {
          examples: ['2026-01-01T00:00:00.000Z'],
          'x-option': 'version',
          'x-cache-key': notInKey('the pin of the URL; the manifest version itself is in the key'),
        },
      ),
    ),
    // the size last (resolution, width): the playground's Copy HTML (serve/home/api.js) writes it after the rest, as the client does
    resolution: Type.Optional(
      choice(RESOLUTIONS, {
        description:
          'Width preset: thumb 512, card 1024, hd 2048, ultra 4096 pixels; not with width (resolution wins in image mode). Composes',
        'x-widths': RESOLUTION_WIDTHS,
        'x-composes': true,
        'x-option': 'render.resolution',
        'x-group': 'render',
        'x-cache-key': notInKey('already turned into render.width'),
      }),
    ),
    width: Type.Optional(
      Type.Integer({
        minimum: 256,
        maximum: 4096,
        default: 1280,
        description:
          'Canvas width in pixels; the height is width x 9 / 16. Not with resolution. Composes',
        'x-composes': true,
        'x-option': 'render.width',
        'x-group': 'render',
        'x-cache-key': 'picture',
        'x-describe': 'renderOptions.width',
        'x-headers': {
          'x-render-width': {
            description: 'Composition: the canvas width in pixels',
            schema: { type: 'string', pattern: '^[0-9]+$' },
          },
        },
      }),
    ),
    'api-key': Type.Optional(
      text(
        'API key in the query: discouraged (it ends up in logs and browser history); prefer the x-api-key header. Without a valid key the image is watermarked',
      ),
    ),
  },
  { additionalProperties: true },
)

export type ImageQuery = Static<typeof ImageQuerySchema>
export type ImageParam = keyof typeof ImageQuerySchema.properties

/** where a bad value is reported: the 400 of JSON mode answers the first group that has one */
export type ProblemGroup = 'filetype' | 'angle' | 'render' | 'compose'
export type CacheKeyRole = 'picture' | 'picture-unless-default' | `not-picture: ${string}`
/** a response header as the OpenAPI document describes it */
export interface HeaderDoc {
  description: string
  schema: Record<string, unknown>
}

/** the JSON Schema of one parameter, with the keywords the parser and its derivations read */
export interface ParamSchema extends TSchema {
  type?: string
  enum?: readonly string[]
  minimum?: number
  maximum?: number
  default?: unknown
  pattern?: string
  'x-aliases'?: Record<string, string | number>
  'x-composes'?: true | string
  'x-alias-of'?: string
  'x-option'?: string
  'x-group'?: ProblemGroup
  'x-cache-key'?: CacheKeyRole
  /** the field, or the field and what it reports when that is not the value asked */
  'x-describe'?: string | { field: string; description: string }
  'x-headers'?: Record<string, HeaderDoc>
}

export const paramSchema = (name: ImageParam): ParamSchema =>
  ImageQuerySchema.properties[name] as unknown as ParamSchema

export const IMAGE_PARAMS = Object.keys(ImageQuerySchema.properties) as ImageParam[]
