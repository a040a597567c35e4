// Named reads and writes of a learner's imported images (learner_media). Scoped by
// learner_id: a learner is only ever served their own images.
import type { Sqlite } from '../open'

export interface MediaRecord {
  id: string
  sha256: string
  name: string
  mimeType: string
  sizeBytes: number
}

const columns = 'id, sha256, name, mime_type AS mimeType, size_bytes AS sizeBytes'

function prepareMediaQueries(sqlite: Sqlite) {
  const statements = {
    bySha: sqlite.prepare(`SELECT ${columns} FROM learner_media WHERE learner_id = ? AND sha256 = ?`),
    byId: sqlite.prepare(`SELECT ${columns} FROM learner_media WHERE learner_id = ? AND id = ?`),
    bytes: sqlite.prepare(
      `SELECT mime_type AS mimeType, bytes FROM learner_media WHERE learner_id = ? AND id = ?`,
    ),
    total: sqlite.prepare(
      'SELECT coalesce(sum(size_bytes), 0) AS bytes FROM learner_media WHERE learner_id = ?',
    ),
    insert: sqlite.prepare(
      `INSERT INTO learner_media (learner_id, id, sha256, name, mime_type, size_bytes, bytes, created_at_ms)
       VALUES (@learnerId, @id, @sha256, @name, @mimeType, @sizeBytes, @bytes, @createdAtMs)`,
    ),
  }

  return {
    getMediaByLearnerAndSha256({ learnerId, sha256 }: { learnerId: string; sha256: string }) {
      return statements.bySha.get(learnerId, sha256) as MediaRecord | undefined
    },
    getMediaByLearnerAndId({ learnerId, mediaId }: { learnerId: string; mediaId: string }) {
      return statements.byId.get(learnerId, mediaId) as MediaRecord | undefined
    },
    getMediaBytesByLearnerAndId({ learnerId, mediaId }: { learnerId: string; mediaId: string }) {
      return statements.bytes.get(learnerId, mediaId) as { mimeType: string; bytes: Buffer } | undefined
    },
    sumMediaBytesByLearnerId(learnerId: string): number {
      return (statements.total.get(learnerId) as { bytes: number }).bytes
    },
    insertMedia({
      learnerId,
      media,
      bytes,
      createdAtMs,
    }: {
      learnerId: string
      media: MediaRecord
      bytes: Uint8Array
      createdAtMs: number
    }): void {
      statements.insert.run({ learnerId, ...media, bytes: Buffer.from(bytes), createdAtMs })
    },
  }
}

export type MediaQueries = ReturnType<typeof prepareMediaQueries>

const cache = new WeakMap<Sqlite, MediaQueries>()

export function mediaQueries(sqlite: Sqlite): MediaQueries {
  let queries = cache.get(sqlite)
  if (!queries) {
    queries = prepareMediaQueries(sqlite)
    cache.set(sqlite, queries)
  }
  return queries
}
