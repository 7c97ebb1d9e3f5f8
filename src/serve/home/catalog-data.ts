/**
 * The catalog as the home page's pickers need it: names, codes, fleets and livery
 * types. It is public on purpose: the image route is public and takes these very
 * selectors, so a visitor without a key must be able to choose a model and an
 * airline. Only names and codes are here; the full records stay behind the key
 * (/v1/catalog, /v1/info).
 */
import type { Catalog } from '../../catalog/load'

export interface PickerCatalog {
  planes: { slug: string; name: string; iata: string; icao: string; lengthM: number }[]
  airlines: {
    slug: string
    name: string
    iata: string
    icao: string
    fleet: string[]
    /** name of the base livery */
    liveryName: string
    /** special liveries (beyond base and blank), by plane */
    specials: { plane: string; liveryType: string; name: string }[]
  }[]
}

export function pickerCatalog(catalog: Catalog): PickerCatalog {
  return {
    planes: catalog.planes.map(({ slug, name, iata, icao, lengthM }) => ({
      slug,
      name,
      iata,
      icao,
      lengthM,
    })),
    airlines: catalog.airlines.map((a) => ({
      slug: a.slug,
      name: a.name,
      iata: a.iata,
      icao: a.icao,
      fleet: [...a.fleet],
      liveryName: a.liveryName,
      specials: catalog.specials
        .filter((s) => s.airline === a.slug)
        .map(({ plane, liveryType, name }) => ({ plane, liveryType, name })),
    })),
  }
}
