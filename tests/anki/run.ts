// Test helpers: write a built package to a temp file and import it, and every row an
// Anki import can touch (for "nothing changed" and "nothing stored" comparisons).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Sqlite } from '@/db/open'
import type { Db } from '@/db/sql/db'
import { type AnkiImportResult, importAnkiFile } from '@/lib/anki/import'
import type { AnkiLimits } from '@/lib/anki/limits'

export async function importBytes(
  db: Db,
  learnerId: string,
  fileName: string,
  bytes: Uint8Array | string,
  { nowMs = Date.UTC(2026, 2, 1), limits }: { nowMs?: number; limits?: AnkiLimits } = {},
): Promise<AnkiImportResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-anki-test-'))
  try {
    const filePath = path.join(dir, 'upload')
    fs.writeFileSync(filePath, bytes)
    return await importAnkiFile(db, { learnerId, filePath, fileName, nowMs, limits })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export function ankiRows(sqlite: Sqlite, learnerId: string) {
  const all = (table: string, order: string) =>
    sqlite.prepare(`SELECT * FROM ${table} WHERE learner_id = ? ORDER BY ${order}`).all(learnerId)
  return {
    ownCards: all('own_cards', 'id'),
    links: all('anki_card_links', 'card_id'),
    media: all('learner_media', 'id'),
    reviewLogs: all('review_logs', 'id'),
    cardStates: all('card_states', 'card_id'),
  }
}
