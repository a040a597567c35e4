// `npm run bench:anki` — import a generated Anki package (current format: zstd
// collection.anki21b) of 10,000 notes and 100,000 reviews into a fresh SQLite file,
// in a child process of its own so its peak RSS is the import's; beside it, a bare
// better-sqlite3 read of the same rows (ratio); then export the same deck.
// Targets: import ≤ 20 s, peak RSS ≤ 500 MB, export ≤ 5 s.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { unzipSync } from 'fflate'
import { Decompress } from 'fzstd'
import { migrateSqlite, openSqlite } from '../db/open'
import { sqliteDb } from '../db/sql/sqlite-db'
import { exportDeckForAnki } from '../lib/anki/export'
import { importAnkiFile } from '../lib/anki/import'
import { type FixtureNote, modernPackage } from '../tests/anki/build'

const NOTES = Number(process.env.BENCH_NOTES ?? 10_000)
const REVIEWS_PER_NOTE = Number(process.env.BENCH_REVIEWS_PER_NOTE ?? 10)
const TARGETS = { importS: 20, rssMb: 500, exportS: 5 }
const DAY = 86_400_000
const T0 = Date.UTC(2025, 0, 1)

function notes(): FixtureNote[] {
  return Array.from({ length: NOTES }, (_, i) => ({
    guid: `bench-${i}`,
    type: 'basic' as const,
    deck: 'System Design',
    fields: [
      `How does <b>component ${i}</b> stay correct when a request is retried?`,
      `<ul><li>Claim the key ${i}</li><li>Charge once</li><li>Store the response</li></ul>`,
    ],
    reviews: Array.from({ length: REVIEWS_PER_NOTE }, (_, k) => ({
      // Unique revlog ids (they are times in ms), spread over the days as real reviews are.
      atMs: T0 + k * 7 * DAY + i * 1000,
      ease: k % 6 === 5 ? 1 : 3,
      durationMs: 8000,
      type: k === 0 ? 0 : 1,
    })),
  }))
}

async function child(packagePath: string, dbPath: string): Promise<void> {
  const sqlite = openSqlite(dbPath, { synchronous: 'NORMAL' })
  migrateSqlite(sqlite)
  sqlite.prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?)').run('bench', T0)
  const db = sqliteDb(sqlite)
  const rssBefore = process.memoryUsage().rss
  const started = performance.now()
  const result = await importAnkiFile(db, {
    learnerId: 'bench',
    filePath: packagePath,
    fileName: 'bench.apkg',
    nowMs: Date.UTC(2026, 2, 1),
  })
  const importMs = performance.now() - started
  if (result.kind !== 'imported') throw new Error('error' in result ? result.error.message : result.kind)
  const exportStarted = performance.now()
  const exported = await exportDeckForAnki(db, {
    learnerId: 'bench',
    deckName: 'System Design',
    nowMs: Date.UTC(2026, 2, 1),
  })
  const exportMs = performance.now() - exportStarted
  if (exported.kind !== 'exported') throw new Error('export: deck not found')
  console.log(
    JSON.stringify({
      importMs,
      exportMs,
      exportBytes: exported.bytes.byteLength,
      cards: result.summary.cards,
      reviews: result.summary.reviews,
      rssBeforeMb: rssBefore / 1024 / 1024,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  )
  sqlite.close()
}

/** The bare read: unzip, zstd-decode, open with better-sqlite3, read notes, cards and revlog. */
function bareRead(packagePath: string, dir: string): { ms: number; rows: number } {
  const started = performance.now()
  const files = unzipSync(fs.readFileSync(packagePath), { filter: (f) => f.name === 'collection.anki21b' })
  const out = path.join(dir, 'bare.sqlite')
  const fd = fs.openSync(out, 'w')
  const decoder = new Decompress((chunk) => {
    fs.writeSync(fd, chunk)
  })
  decoder.push(files['collection.anki21b'] as Uint8Array, true)
  fs.closeSync(fd)
  const db = new Database(out, { readonly: true })
  const rows =
    db.prepare('SELECT id, guid, mid, flds, data FROM notes').all().length +
    db.prepare('SELECT id, nid, did, ord, type, queue FROM cards').all().length +
    db.prepare('SELECT id, cid, ease, time, type FROM revlog').all().length
  db.close()
  return { ms: performance.now() - started, rows }
}

async function main() {
  if (process.argv[2] === '--child') return child(process.argv[3] as string, process.argv[4] as string)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-anki-'))
  try {
    let started = performance.now()
    const packagePath = path.join(dir, 'bench.apkg')
    fs.writeFileSync(packagePath, await modernPackage({ notes: notes() }))
    const size = fs.statSync(packagePath).size
    console.log(
      `package: ${NOTES} notes, ${NOTES * REVIEWS_PER_NOTE} reviews, ${(size / 1024 / 1024).toFixed(1)} MB (built in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
    started = performance.now()
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/anki.ts', '--child', packagePath, path.join(dir, 'drill.db')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    )
    if (run.status !== 0) throw new Error(`the import child failed (${run.status})`)
    const result = JSON.parse(run.stdout.trim().split('\n').pop() as string) as {
      importMs: number
      exportMs: number
      exportBytes: number
      cards: number
      reviews: number
      rssBeforeMb: number
      peakRssMb: number
    }
    const bare = [bareRead(packagePath, dir), bareRead(packagePath, dir), bareRead(packagePath, dir)].sort(
      (a, b) => a.ms - b.ms,
    )[1] as { ms: number; rows: number }
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
    const importS = result.importMs / 1000
    console.log(
      `import: ${importS.toFixed(2)} s for ${result.cards} cards and ${result.reviews} reviews (target ≤ ${TARGETS.importS} s) ${pass(importS <= TARGETS.importS)}`,
    )
    console.log(
      `bare better-sqlite3 read of the same rows (unzip + zstd + SELECT, ${bare.rows} rows): ${(bare.ms / 1000).toFixed(2)} s — import / bare = ${(result.importMs / bare.ms).toFixed(1)}×`,
    )
    console.log(
      `peak RSS of the importing process: ${result.peakRssMb.toFixed(0)} MB (${result.rssBeforeMb.toFixed(0)} MB before the import; target ≤ ${TARGETS.rssMb} MB) ${pass(result.peakRssMb <= TARGETS.rssMb)}`,
    )
    const exportS = result.exportMs / 1000
    console.log(
      `export of the same deck: ${exportS.toFixed(2)} s, ${(result.exportBytes / 1024 / 1024).toFixed(1)} MB .apkg (target ≤ ${TARGETS.exportS} s) ${pass(exportS <= TARGETS.exportS)}`,
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
