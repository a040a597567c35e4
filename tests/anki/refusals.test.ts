// Goal: every file Drill cannot take is refused with a sentence that names the file
// and the reason — and stores nothing, not even half an import.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { zipSync } from 'fflate'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import type { Db } from '@/db/sql/db'
import { ANKI_LIMITS } from '@/lib/anki/limits'
import {
  type FixtureCollection,
  legacyCollectionBytes,
  legacyPackage,
  modernPackage,
} from '@/tests/anki/build'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { ankiRows, importBytes } from '@/tests/anki/run'
import { sampleCollection } from '@/tests/anki/sample'
import { zstdCompress } from '@/tests/anki/zstd'

let sqlite: Sqlite
let db: Db
beforeEach(async () => {
  ;({ sqlite, db } = freshStudyDb())
  await addStudyLearner(db, 'alice')
})

function expectRefused(
  result: Awaited<ReturnType<typeof importBytes>>,
  file: string,
  reason: RegExp,
  kind: 'invalid' | 'over-limit' = 'invalid',
) {
  expect(result.kind).toBe('refused')
  if (result.kind !== 'refused') return
  expect(result.error.file).toBe(file)
  expect(result.error.message).toMatch(new RegExp(`^${file.replace('.', '\\.')}: `))
  expect(result.error.reason).toMatch(reason)
  expect(result.error.kind).toBe(kind)
  const rows = ankiRows(sqlite, 'alice')
  expect(Object.values(rows).every((list) => list.length === 0)).toBe(true)
}

const MB = 1024 * 1024

describe('refused, nothing stored', () => {
  test('not a zip', async () => {
    expectRefused(
      await importBytes(db, 'alice', 'deck.apkg', 'this is not a zip'),
      'deck.apkg',
      /not a zip archive/,
    )
  })

  test('a zip with no Anki collection in it', async () => {
    const zip = zipSync({ 'notes.txt': new TextEncoder().encode('hello') })
    expectRefused(await importBytes(db, 'alice', 'deck.apkg', zip), 'deck.apkg', /holds no Anki collection/)
  })

  test('a zip bomb by its ratio: 20 MB of zeros in a few KB', async () => {
    const zip = zipSync({ 'collection.anki2': new Uint8Array(20 * MB) }, { level: 9 })
    expectRefused(
      await importBytes(db, 'alice', 'bomb.apkg', zip),
      'bomb.apkg',
      /more than 100 times its size/,
      'over-limit',
    )
  })

  test('a zip bomb by its size: more than 1024 MB declared', async () => {
    const zip = zipSync({ 'collection.anki2': legacyCollectionBytes(sampleCollection) })
    // Declare 1,500 MB in the central directory (the local header says the truth).
    const view = Buffer.from(zip)
    const central = view.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    view.writeUInt32LE(1500 * MB, central + 24)
    expectRefused(
      await importBytes(db, 'alice', 'big.apkg', view),
      'big.apkg',
      /more than 1024 MB/,
      'over-limit',
    )
  })

  test('a zip bomb whose headers lie is caught while inflating', async () => {
    const zip = Buffer.from(zipSync({ 'collection.anki2': new Uint8Array(12 * MB).fill(7) }, { level: 9 }))
    // Both headers claim 1 KB; the count while inflating sees the truth.
    zip.writeUInt32LE(1024, 22)
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    zip.writeUInt32LE(1024, central + 24)
    const limits = { ...ANKI_LIMITS, expandedBytes: 4 * MB }
    expectRefused(
      await importBytes(db, 'alice', 'liar.apkg', zip, { limits }),
      'liar.apkg',
      /expands to more than/,
      'over-limit',
    )
  })

  // The limit itself (100,000) is too large to build here; the check is the same at any size.
  test('more notes than the limit', async () => {
    const limits = { ...ANKI_LIMITS, notes: 300 }
    const fixture: FixtureCollection = {
      notes: Array.from({ length: limits.notes + 1 }, (_, i) => ({
        guid: `g${i}`,
        type: 'basic' as const,
        deck: 'Big',
        fields: [`Question ${i}`, `Answer ${i}`],
      })),
    }
    expectRefused(
      await importBytes(db, 'alice', 'huge.apkg', legacyPackage(fixture), { limits }),
      'huge.apkg',
      /301 notes/,
      'over-limit',
    )
  })

  test.each(['../evil.sh', '/etc/passwd', 'media/../../x', 'C:\\x'])('an entry named %s', async (name) => {
    const zip = zipSync({
      'collection.anki2': legacyCollectionBytes(sampleCollection),
      [name]: new Uint8Array([1]),
    })
    expectRefused(await importBytes(db, 'alice', 'deck.apkg', zip), 'deck.apkg', /unsafe entry name/)
  })

  test('a database that fails PRAGMA integrity_check', async () => {
    const bytes = Buffer.from(legacyCollectionBytes(sampleCollection))
    // Scribble over the b-tree pages after the header page.
    for (let i = 4096 + 100; i < bytes.length; i += 97) bytes[i] = (bytes[i] ?? 0) ^ 0x5a
    const zip = zipSync({ 'collection.anki2': bytes })
    expectRefused(
      await importBytes(db, 'alice', 'broken.apkg', zip),
      'broken.apkg',
      /integrity_check|not a SQLite database/,
    )
  })

  test('a SQLite file without the Anki tables', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-anki-'))
    const file = path.join(dir, 'x.db')
    const foreign = new Database(file)
    foreign.exec('CREATE TABLE notes (id integer primary key); CREATE TABLE col (id integer)')
    foreign.close()
    const zip = zipSync({ 'collection.anki2': fs.readFileSync(file) })
    fs.rmSync(dir, { recursive: true })
    expectRefused(
      await importBytes(db, 'alice', 'foreign.apkg', zip),
      'foreign.apkg',
      /not an Anki collection: it has no cards, revlog table/,
    )
  })

  test('a zstd frame that does not decode', async () => {
    const good = await modernPackage(sampleCollection)
    expect((await importBytes(db, 'alice', 'ok.apkg', good)).kind).toBe('imported')
    ;({ sqlite, db } = freshStudyDb())
    await addStudyLearner(db, 'alice')
    const meta = new Uint8Array([0x08, 0x03])
    const zip = zipSync({
      meta,
      'collection.anki21b': new Uint8Array(5000).fill(0x42),
      media: await zstdCompress(new Uint8Array(0)),
    })
    expectRefused(await importBytes(db, 'alice', 'zstd.apkg', zip), 'zstd.apkg', /zstd frame that decodes/)
  })

  test('a zstd frame cut short', async () => {
    const frame = await zstdCompress(legacyCollectionBytes(sampleCollection))
    const zip = zipSync({
      meta: new Uint8Array([0x08, 0x03]),
      'collection.anki21b': frame.subarray(0, frame.length >> 1),
    })
    expectRefused(await importBytes(db, 'alice', 'cut.apkg', zip), 'cut.apkg', /zstd frame that decodes/)
  })

  test('an unknown .txt header', async () => {
    const text = '#separator:tab\n#html:true\n#colour:blue\nFront\tBack\n'
    expectRefused(
      await importBytes(db, 'alice', 'notes.txt', text),
      'notes.txt',
      /unknown header "#colour:blue" on line 3/,
    )
  })

  test('a failure half-way through the writes leaves no card, log or image', async () => {
    sqlite.exec(
      "CREATE TRIGGER fail_late AFTER INSERT ON review_logs BEGIN SELECT RAISE(ABORT, 'disk full (simulated)'); END",
    )
    await expect(importBytes(db, 'alice', 'deck.apkg', legacyPackage(sampleCollection))).rejects.toThrow(
      /disk full/,
    )
    const rows = ankiRows(sqlite, 'alice')
    expect(Object.values(rows).every((list) => list.length === 0)).toBe(true)
  })
})
