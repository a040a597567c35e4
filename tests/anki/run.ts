// Test helpers: write a built package to a temp file and import it, and every row an
// Anki import can touch (for "nothing changed" and "nothing stored" comparisons).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Sqlite } from '@/db/open'
import type { Db } from '@/db/sql/db'
import { type AnkiImportResult, importAnkiFile } from '@/lib/anki/import'
import type { AnkiLimits } from '@/lib/anki/limits'

/** Runs `use` with `bytes` written to a temp file (an upload on disk), removed after. */
export async function withUploadedFile<T>(
  bytes: Uint8Array | string,
  use: (filePath: string) => Promise<T>,
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-anki-test-'))
  try {
    const filePath = path.join(dir, 'upload')
    fs.writeFileSync(filePath, bytes)
    return await use(filePath)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function importBytes(
  db: Db,
  learnerId: string,
  fileName: string,
  bytes: Uint8Array | string,
  { nowMs = Date.UTC(2026, 2, 1), limits }: { nowMs?: number; limits?: AnkiLimits } = {},
): Promise<AnkiImportResult> {
  return withUploadedFile(bytes, (filePath) =>
    importAnkiFile(db, { learnerId, filePath, fileName, nowMs, limits }),
  )
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
