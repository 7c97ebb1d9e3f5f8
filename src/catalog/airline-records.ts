/**
 * The airline records of assets/airlines.json as the catalog reads them, group airlines given their
 * parent's tail (shared-tails.ts): tools and tests that want the records without building the whole
 * catalog read them from here, never from the JSON.
 */
import airlinesJson from '../../assets/airlines.json'
import { withSharedTails } from './shared-tails'
import type { Airline } from './types'

export const airlineRecords = withSharedTails(airlinesJson) as Airline[]
