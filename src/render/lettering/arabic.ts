/**
 * Arabic (and Persian) text shaped into our letter forms (arabic-forms.ts): each letter takes the
 * form its neighbours call for (isolated, initial, medial, final) from its joining type, lam and
 * alef become one ligature, and the dots and hamzas go on by letter. Letters are set right to
 * left: the first letter of the text ends up at the right.
 */
import { FORMS, type Form, type FormName } from './arabic-forms'
import { type Stroke, strokesOf } from './pen'

/** a letter: its body, dots above and below, a mark, and whether it joins the letter after it */
interface Letter {
  body: string
  up?: number
  down?: number
  mark?: 'hamza' | 'hamza-below' | 'madda' | 'gaf' | 'kaf'
  /** dots only in the joined forms before the end (Persian yeh) */
  dotsInWord?: boolean
  /** joins only the letter before it (alef, dal, reh, waw, teh marbuta) */
  right?: boolean
}

const L = (body: string, o: Omit<Letter, 'body'> = {}): Letter => ({ body, ...o })
const R = (body: string, o: Omit<Letter, 'body' | 'right'> = {}): Letter => ({
  body,
  right: true,
  ...o,
})

export const LETTERS: Record<string, Letter> = {
  ا: R('alef'),
  آ: R('alef', { mark: 'madda' }),
  أ: R('alef', { mark: 'hamza' }),
  إ: R('alef', { mark: 'hamza-below' }),
  ب: L('beh', { down: 1 }),
  ت: L('beh', { up: 2 }),
  ث: L('beh', { up: 3 }),
  پ: L('beh', { down: 3 }),
  ن: L('noon', { up: 1 }),
  ي: L('yeh', { down: 2 }),
  ی: L('yeh', { down: 2, dotsInWord: true }),
  ئ: L('yeh', { mark: 'hamza' }),
  ج: L('jeem', { down: 1 }),
  ح: L('jeem'),
  خ: L('jeem', { up: 1 }),
  د: R('dal'),
  ذ: R('dal', { up: 1 }),
  ر: R('reh'),
  ز: R('reh', { up: 1 }),
  س: L('seen'),
  ش: L('seen', { up: 3 }),
  ص: L('sad'),
  ض: L('sad', { up: 1 }),
  ط: L('tah'),
  ظ: L('tah', { up: 1 }),
  ع: L('ain'),
  غ: L('ain', { up: 1 }),
  ف: L('feh', { up: 1 }),
  ق: L('qaf', { up: 2 }),
  ك: L('kaf', { mark: 'kaf' }),
  ک: L('kaf'),
  گ: L('kaf', { mark: 'gaf' }),
  ل: L('lam'),
  م: L('meem'),
  ه: L('heh'),
  ة: R('heh', { up: 2 }),
  و: R('waw'),
  ؤ: R('waw', { mark: 'hamza' }),
  // a lone hamza joins neither side
  ء: L('hamza'),
}

const joins = (ch: string | undefined) => !!ch && ch in LETTERS && ch !== 'ء'
const joinsOn = (ch: string | undefined) => joins(ch) && !LETTERS[ch as string].right

/** the body a letter's form is drawn with: qaf and the like borrow another letter's joined forms */
function formOf(body: string, form: FormName): Form {
  const own = FORMS[body]
  const alt = body === 'noon' || body === 'yeh' ? 'beh' : body === 'qaf' ? 'feh' : body
  return (own[form] ?? FORMS[alt][form] ?? own.i) as Form
}

/** the forms of a word's letters in reading order; lam-alef counts as one letter at the lam */
export function shape(text: string): { ch: string; body: string; form: FormName; at: number }[] {
  const chars = [...text]
  const out: { ch: string; body: string; form: FormName; at: number }[] = []
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]
    const l = LETTERS[ch]
    if (!l) continue
    const lig = ch === 'ل' && LETTERS[chars[i + 1]]?.body === 'alef'
    const prev = joinsOn(chars[i - 1])
    const next = !lig && !l.right && joins(chars[i + 1]) && l.body !== 'hamza'
    const form: FormName = prev ? (next ? 'm' : 'f') : next ? 'n' : 'i'
    out.push({ ch: lig ? chars[i + 1] : ch, body: lig ? 'lamalef' : l.body, form, at: i })
    if (lig) i++
  }
  return out
}

/** a shaped letter's drawing, its left edge at x 0 and its right at w */
export interface LetterGlyph {
  w: number
  s: Stroke[]
  /** hamzas and the like, drawn with a finer pen */
  fine: Stroke[]
  dots: [number, number][]
}

/** the glyph of a shaped letter at x 0 */
export function letterGlyph(ch: string, body: string, form: FormName): LetterGlyph {
  const fm = formOf(body, form)
  const l = LETTERS[ch] ?? { body }
  const [dx, up, down] = fm.dot
  const dots: [number, number][] = []
  const inWord = form === 'n' || form === 'm'
  if (l.up) dots.push(...group(l.up, dx, up, 1))
  if (l.down && (!l.dotsInWord || inWord)) dots.push(...group(l.down, dx, down, -1))
  const fine: Stroke[] = []
  if (l.mark) fine.push(...markOf(l.mark, body, form, fm))
  return { w: fm.w, s: strokesOf(fm.d), fine, dots }
}

/** one, two or three dots about (x, y); three make a triangle pointing away from the letter */
function group(n: number, x: number, y: number, side: 1 | -1): [number, number][] {
  if (n === 1) return [[x, y]]
  const two: [number, number][] = [
    [x - 9, y],
    [x + 9, y],
  ]
  return n === 2 ? two : [...two, [x, y + side * 15]]
}

function markOf(m: NonNullable<Letter['mark']>, body: string, form: FormName, fm: Form): Stroke[] {
  const [x, up, down] = fm.dot
  const end = form === 'i' || form === 'f'
  const hamza = (cx: number, y: number) =>
    strokesOf(
      `M${cx + 7} ${y + 14}Q${cx - 5} ${y + 18} ${cx - 5} ${y + 9}Q${cx - 5} ${y + 2} ${cx + 7} ${y + 4}L${cx - 7} ${y - 3}`,
    )
  if (m === 'hamza') return hamza(x, body === 'alef' || body === 'lamalef' ? up - 4 : up - 10)
  if (m === 'hamza-below') return hamza(x + (body === 'lamalef' ? 16 : 0), down - 14)
  if (m === 'madda')
    return strokesOf(
      `M${x - 14} ${up}Q${x - 7} ${up + 12} ${x} ${up + 5}Q${x + 7} ${up - 2} ${x + 14} ${up + 10}`,
    )
  // kaf's own small mark sits inside the bowl of its end forms
  if (m === 'kaf') return end ? hamza(18, 24) : []
  // gaf's second bar, over the arm (which stands 10 further right in the end forms)
  const k = end ? 10 : 0
  return strokesOf(`M${28 + k} 70L${58 + k} 84`)
}
