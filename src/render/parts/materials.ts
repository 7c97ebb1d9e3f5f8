/**
 * What a surface is made of, and which zone of an engine a nacelle point lies in: defined once here,
 * read by the part builders (parts/) and the shader (raster/shade.ts). Plain objects rather than a
 * const enum, which is not inlined across modules: the shader copies the numbers it needs into
 * module constants from these, so they cannot drift.
 */
export const Mat = {
  Fuselage: 0,
  Wing: 1,
  Stab: 2,
  Fin: 3,
  Nacelle: 4,
  Pylon: 5,
  Metal: 6,
  Tyre: 7,
  Hub: 8,
  Door: 9, // gear doors: painted like the belly, without its texture
  Winglet: 10,
  Fan: 11, // fan face: blades drawn where they are large enough to see
  Spinner: 12,
  SpinnerMarked: 13, // a spinner with the GE spiral painted on it
} as const
export type Mat = (typeof Mat)[keyof typeof Mat]

/**
 * Nacelle zones: the integer part of a nacelle point's u. The fraction runs along the zone
 * (0 at its front), so a painter can place a band or the chevrons' teeth.
 */
export const Zone = {
  Lip: 1, // the inlet lip, in the engine accent colour
  Cowl: 2, // the fan cowl, in the engine colour
  Core: 3, // the core cowl and exhaust plug, bare metal
} as const
