// Goal: a package larger than one chunk imports a chunk at a time — progress told as
// it goes (the package read, then cards written of all), the same rows as ever, the
// same package again changes nothing — and a Cancel between chunks stores nothing,
// leaving what the learner had before as it was.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import type { Db } from '@/db/sql/db'
import { type AnkiImportProgress, IMPORT_CHUNK_NOTES, importAnkiFile } from '@/lib/anki/import'
import { legacyPackage } from '@/tests/anki/build'
import { largeCollection } from '@/tests/anki/large'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { ankiRows, importBytes, withUploadedFile } from '@/tests/anki/run'
import { sampleCollection } from '@/tests/anki/sample'

const NOTES = 2 * IMPORT_CHUNK_NOTES + 500
const NOW = Date.UTC(2026, 2, 1)

let sqlite: Sqlite
let db: Db
beforeEach(async () => {
  ;({ sqlite, db } = freshStudyDb())
  await addStudyLearner(db, 'alice')
})

const bytes = legacyPackage(largeCollection(NOTES))

async function importWith(hooks: {
  onProgress?: (progress: AnkiImportProgress) => void
  signal?: AbortSignal
}) {
  return withUploadedFile(bytes, (filePath) =>
    importAnkiFile(db, { learnerId: 'alice', filePath, fileName: 'large.apkg', nowMs: NOW, ...hooks }),
  )
}

describe('an import larger than one chunk', () => {
  test('tells its progress: the package opened, then every chunk of notes imported', async () => {
    const seen: AnkiImportProgress[] = []
    const result = await importWith({ onProgress: (progress) => seen.push(progress) })
    expect(result).toMatchObject({ kind: 'imported', summary: { cards: NOTES, reviews: NOTES * 3 } })
    expect(seen).toEqual([
      { phase: 'reading' },
      { phase: 'writing', done: 0, total: NOTES },
      { phase: 'writing', done: IMPORT_CHUNK_NOTES, total: NOTES },
      { phase: 'writing', done: 2 * IMPORT_CHUNK_NOTES, total: NOTES },
      { phase: 'writing', done: NOTES, total: NOTES },
    ])
    const rows = ankiRows(sqlite, 'alice')
    expect(rows.ownCards).toHaveLength(NOTES)
    expect(rows.reviewLogs).toHaveLength(NOTES * 3)
    expect(rows.cardStates).toHaveLength(NOTES)
  })

  test('the same package again changes nothing', async () => {
    await importWith({})
    const before = ankiRows(sqlite, 'alice')
    const again = await importWith({})
    expect(again).toMatchObject({ kind: 'imported', summary: { cards: NOTES, reviews: NOTES * 3 } })
    expect(ankiRows(sqlite, 'alice')).toEqual(before)
  })

  test('cancelled after its first chunk is written, it stores nothing and keeps what was there', async () => {
    expect((await importBytes(db, 'alice', 'sample.apkg', legacyPackage(sampleCollection))).kind).toBe(
      'imported',
    )
    const before = ankiRows(sqlite, 'alice')
    const abort = new AbortController()
    const result = await importWith({
      signal: abort.signal,
      onProgress: (progress) => {
        if (progress.phase === 'writing' && progress.done >= IMPORT_CHUNK_NOTES) abort.abort()
      },
    })
    expect(result).toEqual({ kind: 'cancelled' })
    expect(ankiRows(sqlite, 'alice')).toEqual(before)
    // And the connection is free again: the next import goes through.
    expect((await importWith({})).kind).toBe('imported')
  })
})
