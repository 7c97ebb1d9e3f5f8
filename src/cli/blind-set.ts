/**
 * `bun run blind <tails|liveries|faces> <folder> [--only slug,slug] [--first N]`: pictures for a
 * recognisability check by someone who has not seen the catalog. Each picture gets a random file
 * name and no text chunk; which is which goes to <folder>.key.json beside the folder, so the
 * judge is shown the folder alone.
 *   tails     every airline's fin from the left (90) on the type it flies most, titles out of frame
 *   liveries  every airline's whole aircraft at 345 and at 90, as a booking page would show it
 *   faces     every model unpainted, head-on (0) and at 345
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { airlineRecords } from '../catalog/airline-records'
import planesJson from '../../assets/planes.json'
import type { Airline, Plane } from '../catalog/types'
import { tailCloseUp, whole } from './airline-sheet'

const airlines = airlineRecords
const planes = planesJson as unknown as Plane[]
const blank = { slug: 'blank', name: 'blank', livery: null } as unknown as Airline

interface Picture {
  answer: Record<string, string>
  png: () => Buffer
}

const planeOf = (slug: string) => planes.find((p) => p.slug === slug) as Plane

function pictures(mode: string, list: Airline[]): Picture[] {
  if (mode === 'tails')
    return list.map((a) => ({
      answer: { airline: a.name },
      png: () => tailCloseUp('90')(planeOf(a.fleet[0]), a, 640, 420).canvas.toBuffer('image/png'),
    }))
  if (mode === 'liveries')
    return list.flatMap((a) =>
      (['345', '90'] as const).map((angle) => ({
        answer: { airline: a.name, plane: planeOf(a.fleet[0]).name, angle },
        png: () => whole(angle)(planeOf(a.fleet[0]), a, 1200, 700).canvas.toBuffer('image/png'),
      })),
    )
  return planes.flatMap((p) =>
    (['0', '345'] as const).map((angle) => ({
      answer: { plane: p.name, angle },
      png: () => whole(angle)(p, blank, 1200, 700).canvas.toBuffer('image/png'),
    })),
  )
}

const [mode, folder] = process.argv.slice(2)
if (!['tails', 'liveries', 'faces'].includes(mode) || !folder) {
  console.error(
    'usage: bun run blind <tails|liveries|faces> <folder> [--only slug,slug] [--first N]',
  )
  process.exit(2)
}
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const only = arg('only')?.split(',')
const first = Number(arg('first') ?? airlines.length)
const chosen = (only ? airlines.filter((a) => only.includes(a.slug)) : airlines).slice(0, first)
mkdirSync(folder, { recursive: true })
const key: Record<string, Record<string, string>> = {}
for (const picture of pictures(mode, chosen)) {
  const name = `${randomBytes(5).toString('hex')}.png`
  writeFileSync(`${folder}/${name}`, picture.png())
  key[name] = picture.answer
}
writeFileSync(`${folder.replace(/\/$/, '')}.key.json`, JSON.stringify(key, null, 2))
console.error(`wrote ${Object.keys(key).length} pictures to ${folder}`)
