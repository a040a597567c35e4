// Whole-table snapshots without re-reading whole tables. The simulator's trace holds the
// full content of every table a commit touched; reading (and sorting) it all after each
// commit was half of a run with 20 keys in flight, and grew with the square of the keys.
// Here temp triggers report the rowid of each row a write inserts or updates; a snapshot
// re-reads only those rows, keeps every other row's view from the snapshot before, and
// re-sorts in JS only when a row's place may have moved. Deletes are rare (the reaper, an
// INSERT OR REPLACE) and need no trigger: they show as more views than rows, and only then
// are the rowids read. A delete trigger would also cost every pooled database's reset its
// truncate optimization. The result is the array the whole-table SELECT … ORDER BY gives
// (table-mirror.test.ts and the golden traces hold it to that). Snapshots share unchanged
// views with each other: they are read, never mutated.
import type Database from 'better-sqlite3'

export interface MirrorSpec<V> {
  /** The table in the main schema. Its rowid must be stable per row (no WITHOUT ROWID). */
  table: string
  /** `SELECT <columns> FROM <table>`, read in raw mode (arrays). */
  select: string
  /** A row's view in the trace, from its raw columns. Called once per row version, in write order. */
  view: (raw: unknown[]) => V
  /**
   * The whole-table snapshot's ORDER BY, in JS; it must be a total order on the rows (a unique
   * key). Absent: rowid order (ORDER BY an INTEGER PRIMARY KEY).
   */
  compare?: (a: V, b: V) => number
}

interface TableHooks {
  byRowid: Database.Statement<[number], unknown[]>
  rowids: Database.Statement<[], number>
  count: Database.Statement<[], number>
  /** Rowids the triggers reported since the last snapshot (one run's mirror at a time uses them). */
  written: Set<number>
}

// Per connection and table: the simulator lends pooled connections from run to run, and
// their triggers and statements outlive each run's mirror.
const hooked = new WeakMap<Database.Database, Map<string, TableHooks>>()
const REPORT_FUNCTION = 'drill_row_written'

function hooksOf(db: Database.Database, table: string, select: string): TableHooks {
  let tables = hooked.get(db)
  if (!tables) {
    const byName = new Map<string, TableHooks>()
    tables = byName
    hooked.set(db, byName)
    // The triggers call back into JS: no log table to write to and empty again.
    db.function(REPORT_FUNCTION, { varargs: false, deterministic: false }, (name, rowid) => {
      byName.get(name as string)?.written.add(Number(rowid))
      return null
    })
  }
  let hooks = tables.get(table)
  if (!hooks) {
    // A write that rolls back leaves its rowid reported: one row re-read for nothing.
    for (const event of ['INSERT', 'UPDATE'])
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "report_${event.toLowerCase()}_${table}" AFTER ${event} ON main."${table}"
         BEGIN SELECT ${REPORT_FUNCTION}('${table}', new.rowid); END`,
      )
    hooks = {
      byRowid: db.prepare<[number], unknown[]>(`${select} WHERE rowid = ?`).raw(),
      rowids: db.prepare<[], number>(`SELECT rowid FROM main."${table}"`).pluck(),
      count: db.prepare<[], number>(`SELECT count(*) FROM main."${table}"`).pluck(),
      written: new Set(),
    }
    tables.set(table, hooks)
  }
  return hooks
}

/** A snapshot function for one table of one run: call it after each commit that touched the table. */
export function tableMirror<V>(db: Database.Database, spec: MirrorSpec<V>): () => V[] {
  const hooks = hooksOf(db, spec.table, spec.select)
  const { compare } = spec
  const views = new Map<number, V>()
  let order: number[] = []
  // Start from the table as it is (rows written before the triggers existed included).
  hooks.written.clear()
  for (const rowid of hooks.rowids.all()) hooks.written.add(rowid)

  return () => {
    let moved = false
    for (const rowid of hooks.written) {
      const raw = hooks.byRowid.get(rowid)
      const before = views.get(rowid)
      if (raw === undefined) {
        if (before !== undefined) views.delete(rowid)
        moved ||= before !== undefined
        continue
      }
      const view = spec.view(raw)
      views.set(rowid, view)
      moved ||= before === undefined || (compare !== undefined && compare(before, view) !== 0)
    }
    hooks.written.clear()
    // A deleted row was never reported: it is the view left over. (A reported rowid that a new
    // row reused was re-read above.)
    if (views.size !== hooks.count.get()) {
      const live = new Set(hooks.rowids.all())
      for (const rowid of views.keys()) if (!live.has(rowid)) views.delete(rowid)
      moved = true
    }
    if (moved) {
      order = [...views.keys()]
      order.sort(compare ? (a, b) => compare(views.get(a)!, views.get(b)!) : (a, b) => a - b)
    }
    return order.map((rowid) => views.get(rowid)!)
  }
}

/** SQLite's BINARY collation (memcmp of UTF-8) on JS strings, whose UTF-16 order agrees with it below U+D800. */
export function compareBinary(a: string, b: string): number {
  if (a === b) return 0
  if (/[\ud800-\uffff]/.test(a) || /[\ud800-\uffff]/.test(b))
    return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
  return a < b ? -1 : 1
}
