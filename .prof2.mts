import fs from 'node:fs'
import { migrateSqlite, openSqlite } from '@/db/open'
import { exportDeckForAnki } from '@/lib/anki/export'
import { importAnkiFile } from '@/lib/anki/import'

for (const f of ['/tmp/prof.db', '/tmp/prof.db-wal', '/tmp/prof.db-shm'])
  try {
    fs.rmSync(f)
  } catch {}
const sqlite = openSqlite('/tmp/prof.db', { synchronous: 'NORMAL' })
migrateSqlite(sqlite)
sqlite.prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?)').run('bench', 0)
let t = performance.now()
const r = importAnkiFile(sqlite, {
  learnerId: 'bench',
  filePath: '/tmp/bench2k.apkg',
  fileName: 'b.apkg',
  nowMs: Date.UTC(2026, 2, 1),
})
console.log(r.kind, performance.now() - t)
t = performance.now()
const e = exportDeckForAnki(sqlite, {
  learnerId: 'bench',
  deckName: 'System Design',
  nowMs: Date.UTC(2026, 2, 1),
})
console.log(e.kind, performance.now() - t)
