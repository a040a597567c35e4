// Vitest setup file (every test file): the PostgreSQL pools a file opens are ended before its
// databases go or the run's cluster stops, so no pooled client is still connected when the server
// ends it (57P01 "terminating connection due to administrator command", an `error` event no one
// hears: an unhandled error that fails the run although every assertion passed — issue 40).
// Every `new pg.Pool` (the app's `pgPool()` included) is tracked; `createTestDatabase`'s `drop()`
// ends the tracked pools on that database first; and one `afterAll`, registered here before the
// file's own hooks and so run after them, ends whatever is still open. A test need not remember.
import pg from 'pg'
import { afterAll } from 'vitest'
import { closePgPools } from '@/db/pg'
import { endTrackedPools, trackPgPools } from './pool-tracker'

trackPgPools(pg)

afterAll(async () => {
  await closePgPools()
  await endTrackedPools()
})
