// Named reads and writes of a learner's imported images (learner_media). Scoped by
// learner_id: a learner is only ever served their own images.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface MediaRecord {
  id: string
  sha256: string
  name: string
  mimeType: string
  sizeBytes: number
}

const columns = 'id, sha256, name, mime_type AS mimeType, size_bytes AS sizeBytes'

function prepareMediaQueries(db: Db) {
  const statements = {
    bySha: `SELECT ${columns} FROM learner_media WHERE learner_id = ? AND sha256 = ?`,
    byId: `SELECT ${columns} FROM learner_media WHERE learner_id = ? AND id = ?`,
    bytes: `SELECT mime_type AS mimeType, bytes FROM learner_media WHERE learner_id = ? AND id = ?`,
    total: 'SELECT coalesce(sum(size_bytes), 0) AS bytes FROM learner_media WHERE learner_id = ?',
    insert: `INSERT INTO learner_media (learner_id, id, sha256, name, mime_type, size_bytes, bytes, created_at_ms)
       VALUES (@learnerId, @id, @sha256, @name, @mimeType, @sizeBytes, @bytes, @createdAtMs)`,
  }

  return {
    async getMediaByLearnerAndSha256({ learnerId, sha256 }: { learnerId: string; sha256: string }) {
      return (await db.get(statements.bySha, learnerId, sha256)) as MediaRecord | undefined
    },
    async getMediaByLearnerAndId({ learnerId, mediaId }: { learnerId: string; mediaId: string }) {
      return (await db.get(statements.byId, learnerId, mediaId)) as MediaRecord | undefined
    },
    async getMediaBytesByLearnerAndId({ learnerId, mediaId }: { learnerId: string; mediaId: string }) {
      return (await db.get(statements.bytes, learnerId, mediaId)) as
        | { mimeType: string; bytes: Buffer }
        | undefined
    },
    async sumMediaBytesByLearnerId(learnerId: string): Promise<number> {
      return ((await db.get(statements.total, learnerId)) as { bytes: number }).bytes
    },
    async insertMedia({
      learnerId,
      media,
      bytes,
      createdAtMs,
    }: {
      learnerId: string
      media: MediaRecord
      bytes: Uint8Array
      createdAtMs: number
    }): Promise<void> {
      await db.run(statements.insert, { learnerId, ...media, bytes: Buffer.from(bytes), createdAtMs })
    },
  }
}

export type MediaQueries = ReturnType<typeof prepareMediaQueries>

export const mediaQueries = perConnection(prepareMediaQueries)
