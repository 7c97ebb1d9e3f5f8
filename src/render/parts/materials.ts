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
  WingletLower: 14, // a split scimitar's lower blade: the winglet colour, without the winglet's art
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

/**
 * How a surface takes light (raster/light.ts), whatever its colour: a small physically based
 * model. A material's look picks one; parts of one material may pick others (an engine's lip
 * and core, a wing's leading edge, a livery's polished skin or metallic titles, glass).
 */
export const Finish = {
  Gloss: 0, // livery paint under a clear coat: sky and sun mirrored on top of the colour
  Satin: 1, // wing and stabiliser grey, gear doors: a soft sheen
  Matte: 2,
  Bare: 3, // unpainted aluminium and steel: gear legs, core cowls, hubs
  Polished: 4, // inlet lips, leading edges, polished skins: a near-mirror
  Glass: 5, // cockpit and cabin windows: dark, the sky in them
  Rubber: 6,
  Liner: 7, // the inlet's acoustic liner
  Blades: 8, // the fan: dark composite or titanium, a hard sheen
  Hot: 9, // the exhaust's heat-stained metal
  Metallic: 10, // metallic paint (gold titles): coloured metal flake under a clear coat
} as const
export type Finish = (typeof Finish)[keyof typeof Finish]

/** per finish: metalness, roughness, clear coat (0..1) */
export const FINISHES: Record<Finish, [metal: number, rough: number, coat: number]> = {
  [Finish.Gloss]: [0, 0.42, 1],
  [Finish.Satin]: [0, 0.55, 0.3],
  [Finish.Matte]: [0, 0.85, 0],
  [Finish.Bare]: [1, 0.38, 0],
  [Finish.Polished]: [1, 0.14, 0],
  [Finish.Glass]: [0, 0.05, 0],
  [Finish.Rubber]: [0, 0.9, 0],
  [Finish.Liner]: [0, 0.8, 0],
  [Finish.Blades]: [0.5, 0.32, 0],
  [Finish.Hot]: [1, 0.55, 0],
  [Finish.Metallic]: [0.75, 0.32, 1],
}
