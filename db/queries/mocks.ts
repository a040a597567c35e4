// Named reads and writes of mock_interviews: one row per finished mock interview, kept per
// learner (another learner's id reads as not found). The phases are JSON the use case
// (lib/mock) writes and parses; "saved" is set once, in Save grades' own transaction.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface MockRecord {
  learnerId: string
  id: string
  mainCardId: string
  /** JSON: the phases as lib/mock/phases.ts describes them. */
  phases: string
  createdAtMs: number
  savedAtMs: number | null
  /** JSON `{ [cardId]: rating }`, once saved. */
  savedRatings: string | null
}

export type MockSummary = Pick<MockRecord, 'id' | 'mainCardId' | 'createdAtMs' | 'savedAtMs'>

const columns = `learner_id AS learnerId, id, main_card_id AS mainCardId, phases, created_at_ms AS createdAtMs,
  saved_at_ms AS savedAtMs, saved_ratings AS savedRatings`

function prepareMockQueries(db: Db) {
  const statements = {
    insert: `INSERT INTO mock_interviews (learner_id, id, main_card_id, phases, created_at_ms)
       VALUES (@learnerId, @id, @mainCardId, @phases, @nowMs) ON CONFLICT DO NOTHING`,
    byId: `SELECT ${columns} FROM mock_interviews WHERE learner_id = ? AND id = ?`,
    list: `SELECT id, main_card_id AS mainCardId, created_at_ms AS createdAtMs, saved_at_ms AS savedAtMs
       FROM mock_interviews WHERE learner_id = ? ORDER BY created_at_ms DESC, id DESC LIMIT ?`,
    markSaved: `UPDATE mock_interviews SET saved_at_ms = @nowMs, saved_ratings = @savedRatings
       WHERE learner_id = @learnerId AND id = @id AND saved_at_ms IS NULL`,
  }
  return {
    /** Stores a finished mock; false when this learner already has one with that id (a retried Finish). */
    async insertMockIfMissing(
      row: Pick<MockRecord, 'learnerId' | 'id' | 'mainCardId' | 'phases'> & { nowMs: number },
    ): Promise<boolean> {
      return (await db.run(statements.insert, row)).changes === 1
    },
    async getMockById({ learnerId, id }: { learnerId: string; id: string }): Promise<MockRecord | undefined> {
      return (await db.get(statements.byId, learnerId, id)) as MockRecord | undefined
    },
    /** The learner's mocks, newest first. */
    async listMocksByLearnerId({ learnerId, limit }: { learnerId: string; limit: number }) {
      return (await db.all(statements.list, learnerId, limit)) as MockSummary[]
    },
    /** Marks the mock saved; false when it already was (the caller's transaction then records nothing). */
    async markMockSaved(
      row: Pick<MockRecord, 'learnerId' | 'id'> & { savedRatings: string; nowMs: number },
    ): Promise<boolean> {
      return (await db.run(statements.markSaved, row)).changes === 1
    },
  }
}

export type MockQueries = ReturnType<typeof prepareMockQueries>
export const mockQueries = perConnection(prepareMockQueries)
