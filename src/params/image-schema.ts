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
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { ANGLES } from '../catalog/types'

/** a string from a fixed list; typed as the union of its values */
const choice = <T extends string>(values: readonly T[], options: { description: string; default?: T; aliases?: Record<string, string> } & Record<string, unknown>) => {
  const { aliases, ...rest } = options
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...rest, ...(aliases ? { 'x-aliases': aliases } : {}) })
}
const text = (description: string, extra: Record<string, unknown> = {}) => Type.String({ description, ...extra })

export const FILETYPES = ['png', 'jpg', 'webp'] as const
export const ZOOM_TYPES = ['contain', 'fill'] as const
export const SCALE_MODES = ['none', 'fleet', 'absolute'] as const
// in the order the error message names them ("align must be top, center or bottom")
export const ALIGNS = ['top', 'center', 'bottom'] as const
export const RESOLUTIONS = ['thumb', 'card', 'hd', 'ultra'] as const
export const FORMATS = ['image', 'json'] as const
export const GEAR_VALUES = ['up', 'down'] as const

export const RESOLUTION_WIDTHS = { thumb: 512, card: 1024, hd: 2048, ultra: 4096 } as const satisfies Record<(typeof RESOLUTIONS)[number], number>

const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$'
const HEX = '^#?([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'

export const ImageQuerySchema = Type.Object(
  {
    plane: Type.Optional(text('Aircraft: slug, IATA or ICAO type code, a common spelling, or a name with a typo or two', { examples: ['airbus-a350-900', 'A320', '789', 'boing 787-9'] })),
    plane_iata: Type.Optional(text('Strict IATA type code; wins over plane', { examples: ['359'] })),
    plane_icao: Type.Optional(text('Strict ICAO type code; wins over plane_iata and plane', { examples: ['A359'] })),
    airline: Type.Optional(text('Airline: slug, IATA or ICAO code, name, or a name with a typo or two; without it the aircraft is blank', { examples: ['lufthansa', 'AF', 'Singapore Airlines'] })),
    airline_iata: Type.Optional(text('Strict IATA airline code; wins over airline', { examples: ['LH'] })),
    airline_icao: Type.Optional(text('Strict ICAO airline code; wins over airline_iata and airline', { examples: ['DLH'] })),
    liveryType: Type.Optional(text('base (the airline\'s livery), blank (unpainted), or a special livery slug of the airline', { default: 'base', pattern: SLUG, examples: ['base', 'blank', 'retro'] })),
    format: Type.Optional(choice(FORMATS, { default: 'image', description: 'image: the picture; json: how the request was resolved, without the picture (bad values answer 400 there)' })),
    filetype: Type.Optional(choice(FILETYPES, { default: 'png', aliases: { jpeg: 'jpg' }, description: 'Image type (jpeg means jpg). A composition is always PNG: x-format-coerced says so' })),
    angle: Type.Optional(choice(ANGLES, { default: '90', aliases: { '347': '345' }, description: 'Camera position around the aircraft, degrees from the nose towards its right side (90: right side, nose to the right), or top (from above); 45, 135, 225, 315 and 345 look down a little. 347 means 345' })),
    gear: Type.Optional(choice(GEAR_VALUES, {
      default: 'down',
      aliases: { false: 'up', '0': 'up', without: 'up', retracted: 'up', true: 'down', '1': 'down', with: 'down', extended: 'down' },
      description: 'Landing gear; false, 0, without and retracted also mean up; true, 1, with and extended mean down',
    })),
    pitch: Type.Optional(Type.Number({
      minimum: -45,
      maximum: 45,
      default: 0,
      multipleOf: 0.01,
      'x-aliases': { none: 0, up: 25, down: -25, up25: 25, down25: -25, up45: 45, down45: -45 },
      description: 'Nose-up angle in degrees (negative: nose down), rounded to 2 decimals; aliases none (0), up (25), down (-25), up45, down45. The aircraft shrinks only as much as the turned silhouette needs. Composes',
      'x-composes': true,
    })),
    background: Type.Optional(text('Background colour, hex with 3, 4, 6 or 8 digits (4 and 8 carry alpha), # optional (send it as %23); transparent without it. Composes', { 'x-composes': true, pattern: HEX, examples: ['dfe9f3', '#0b1d3a'] })),
    backgroundGradient: Type.Optional(text('Linear gradient background: linear:<degrees>:<colour>-<offset>,<colour>-<offset>[,...], offsets 0..1, 0 degrees = bottom to top, 90 = left to right; wins over background. Composes', { 'x-composes': true, examples: ['linear:180:87ceeb-0,ffffff-1'] })),
    marginPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 45, default: 8, multipleOf: 0.01, description: 'Empty border on all four sides, in percent of the canvas width, rounded to 2 decimals. Composes when not 8', 'x-composes': 'when not the default' })),
    zoomLevel: Type.Optional(Type.Number({ minimum: 0.5, maximum: 3, default: 1, multipleOf: 0.01, description: 'Size factor, rounded to 2 decimals; above 1 the aircraft may be cut by the canvas edges. Composes', 'x-composes': true })),
    zoomType: Type.Optional(choice(ZOOM_TYPES, { default: 'contain', description: 'contain: the whole aircraft inside the margins; fill: covers the canvas, cutting what overflows. Composes', 'x-composes': true })),
    align: Type.Optional(choice(ALIGNS, { default: 'center', description: 'Vertical placement: bottom puts the lowest drawn point on a line 4% of the canvas height above the bottom edge, top the highest 4% below the top; falls back to center when the aircraft is too tall for it (x-compose-align says which). Composes', 'x-composes': true })),
    verticalAlign: Type.Optional(choice(ALIGNS, { default: 'center', description: 'Alias of align (align wins when both are sent). Composes', 'x-alias-of': 'align', 'x-composes': true })),
    scale: Type.Optional(choice(SCALE_MODES, { default: 'none', description: 'none: framed by zoomType; fleet: every model on one metres-per-pixel scale, the reference plane\'s length spanning the width inside the margins; absolute: every model drawn as wide as the width inside the margins. Nothing is cut unless zoomLevel is above 1. Composes', 'x-composes': true })),
    referencePlane: Type.Optional(text('Plane slug whose real length sets the scale=fleet scale; by default the model with the greatest wingspan (airbus-a380-800)', { pattern: SLUG, examples: ['airbus-a380-800', 'boeing-747-8i'] })),
    resolution: Type.Optional(choice(RESOLUTIONS, { description: 'Width preset: thumb 512, card 1024, hd 2048, ultra 4096 pixels; not with width (resolution wins in image mode). Composes', 'x-widths': RESOLUTION_WIDTHS, 'x-composes': true })),
    width: Type.Optional(Type.Integer({ minimum: 256, maximum: 4096, default: 1280, description: 'Canvas width in pixels; the height is width x 9 / 16. Not with resolution. Composes', 'x-composes': true })),
    'api-key': Type.Optional(text('API key in the query: discouraged (it ends up in logs and browser history); prefer the x-api-key header. Without a valid key the image is watermarked')),
  },
  { additionalProperties: true },
)

export type ImageQuery = Static<typeof ImageQuerySchema>
export type ImageParam = keyof typeof ImageQuerySchema.properties

/** the JSON Schema of one parameter, with the keywords the parser reads */
export interface ParamSchema extends TSchema {
  type?: string
  enum?: readonly string[]
  minimum?: number
  maximum?: number
  default?: unknown
  pattern?: string
  'x-aliases'?: Record<string, string | number>
  'x-composes'?: true | string
}

export const paramSchema = (name: ImageParam): ParamSchema => ImageQuerySchema.properties[name] as unknown as ParamSchema

export const IMAGE_PARAMS = Object.keys(ImageQuerySchema.properties) as ImageParam[]
