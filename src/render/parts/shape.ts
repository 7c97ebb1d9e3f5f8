/**
 * Per-model shape parameters (assets/shapes.json, keyed by plane slug): the proportions that the
 * Plane record does not give (nose and tail cone lengths, chords, positions). Lengths in metres,
 * positions along the body as fractions of the overall length measured from the nose tip.
 */
import shapes from '../../../assets/shapes.json'
import type { Plane } from '../../catalog/types'

export type CockpitStyle =
  | 'airbus'
  | 'a330'
  | 'a350'
  | 'a380'
  | 'a220'
  | 'boeing'
  | 'b737ng'
  | 'b777'
  | 'b747'
  | 'b787'

export interface PlaneShape {
  nose: {
    length: number // m, tip to where the crown reaches full height
    bottomLength: number // m, tip to where the belly reaches full depth
    widthLength: number // m, tip to full width
    tipHeight: number // nose tip height, fraction of fuselage height above the belly
    bluntness: number // 2 = elliptic; higher is blunter (A380), lower more pointed
    cockpit: CockpitStyle
    /** the crown line's own profile, [x / length, height as a fraction of the fuselage height] from tip to cabin, instead of bluntness (the A380's low windscreen under its tall forehead) */
    crown?: [number, number][]
  }
  tail: {
    length: number // m, tail cone (where the belly starts to sweep up) to the end
    endHeight: number // height of the end, fraction of fuselage height (777: tall blade)
    endWidth: number // width of the end, fraction of fuselage width
    endZ: number // centre of the end, fraction of fuselage height above the belly
  }
  bellyClearance: number // m, ground to belly with gear down
  /** 747 upper deck: length = m from the nose tip to where the hump has faded into the crown, height = m above
   * the main-deck crown, narrow = 0..1 crown narrowing, fairing = m of the sloping aft fairing (default 0.3 length) */
  hump?: { length: number; height: number; narrow: number; fairing?: number }
  wing: {
    rootLE: number // fraction of L: leading edge at the centreline
    rootChord: number // m at the centreline
    kink: number // fraction of semispan where the trailing edge kinks
    kinkChord: number
    tipChord: number
    dihedral: number // deg
    height: number // root height, fraction of fuselage height above the belly
    thickness: number // root thickness/chord
    device: number // m, height of a winglet/sharklet/fence, or length of a raked tip
    flex?: number // m the tip rises above the straight dihedral line (787: the upswept composite wing)
    fold?: number // m of span outboard of a folding-tip hinge (777-9)
  }
  stab: {
    rootLE: number
    semiSpan: number
    rootChord: number
    tipChord: number
    sweep: number
    dihedral: number
    height: number
  }
  fin: { rootLE: number; rootChord: number; tipChord: number; sweep: number }
  engines: {
    span: number[] // fractions of the semispan, inboard first
    length: number // nacelle length / nacelle diameter
    overhang: number // fraction of the nacelle ahead of the wing leading edge
    drop: number // m, gap between nacelle top and wing underside
    flatBottom?: boolean // 737 "hamster pouch" inlet
    chevrons?: boolean // serrated fan nozzle (787, 747-8, 737 MAX)
    cowl?: number // where the fan cowl ends, fraction of the nacelle length (default 0.74): CF6's short cowl and long core, the Trent 7000's long cowl
    taper?: number // how much the fan cowl narrows to its nozzle (default 0.2): the CFM56's cigar, the LEAP's barrel
    longDuct?: boolean // a long fan cowl to a mixed exhaust, no bare core showing (757's RB211, A340's CFM56-5C / Trent 500)
  }
  gear: {
    nose: number
    main: number
    track: number
    bodyTrack: number
    bodyMain: number
    wheel: number
  }
  windows: {
    from: number
    to: number
    pitch: number
    height: number
    w: number
    h: number
    upper?: { from: number; to: number; height: number }
  }
  doors: number[] // fractions of L
  fairing: { from: number; to: number; depth: number } // wing-body belly fairing, m below the belly
}

const table = shapes as unknown as Record<string, PlaneShape>

export function shapeOf(plane: Plane): PlaneShape {
  const s = table[plane.slug]
  if (s) return s
  // An unknown model still renders: borrow the closest family member's proportions.
  const sibling = Object.keys(table).find((k) => k.includes(plane.family.toLowerCase()))
  return table[sibling ?? 'airbus-a320-200']
}
