// One shape for a migrated schema, read from either engine's catalogue, so the two
// dialects' migrations can be compared (tests/pg/schema-parity.test.ts). SQLite: sqlite_master
// and the table_info / index_list / index_info / foreign_key_list pragmas. PostgreSQL:
// information_schema for tables and columns, pg_index / pg_constraint for keys.
import type pg from 'pg'
import type { Sqlite } from '@/db/open'

export interface ColumnShape {
  /** The engine's own type name, lowercased: `integer`, `real`, `text` · `bigint`, `double precision` … */
  type: string
  notNull: boolean
  /** The default as written, without PostgreSQL's `::type` cast; null when none. */
  default: string | null
  /** Assigned by the database when omitted: SQLite's INTEGER PRIMARY KEY, a PostgreSQL identity. */
  autoId: boolean
}

export interface IndexShape {
  name: string
  columns: string[]
  unique: boolean
  /** The partial index's predicate, normalized (see normalizePredicate); null when total. */
  where: string | null
}

export interface ForeignKeyShape {
  column: string
  references: string
  onDelete: string
}

export interface TableShape {
  columns: Record<string, ColumnShape>
  primaryKey: string[]
  /** Every index but the primary key's. */
  indexes: IndexShape[]
  foreignKeys: ForeignKeyShape[]
}

export type SchemaShape = Record<string, TableShape>

/**
 * `"idempotency_keys"."status" = 'in_progress'` and `(status = 'in_progress'::text)` read the same;
 * so do SQLite's `seen = 0` and PostgreSQL's `seen = false` (a boolean column's 0/1).
 */
export function normalizePredicate(predicate: string): string {
  return predicate
    .replace(/::[a-z ]+/gi, '')
    .replace(/=\s*false\b/gi, '= 0')
    .replace(/=\s*true\b/gi, '= 1')
    .replace(/["`]/g, '')
    .replace(/\b[a-z_]\w*\.(?=[a-z_])/gi, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

// ───────────────────────────── SQLite ─────────────────────────────

interface SqliteColumn {
  name: string
  type: string
  notnull: number
  dflt_value: string | null
  pk: number
}

function sqliteTable(db: Sqlite, table: string): TableShape {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as SqliteColumn[]
  const primaryKey = columns
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name)
  const rowidAlias =
    primaryKey.length === 1 ? columns.find((c) => c.pk === 1 && /^integer$/i.test(c.type)) : undefined
  const indexList = db.prepare(`PRAGMA index_list(${table})`).all() as Array<{
    name: string
    unique: number
    origin: string
    partial: number
  }>
  const indexes = indexList
    .filter((index) => index.origin !== 'pk')
    .map((index) => {
      const sql = index.partial
        ? (db
            .prepare('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?')
            .pluck()
            .get('index', index.name) as string)
        : ''
      const where = sql.match(/\bWHERE\b([\s\S]*)$/i)?.[1]
      return {
        name: index.name,
        columns: (
          db.prepare(`PRAGMA index_info(${index.name})`).all() as Array<{ seqno: number; name: string }>
        )
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name),
        unique: index.unique === 1,
        where: where ? normalizePredicate(where) : null,
      }
    })
  const foreignKeys = (
    db.prepare(`PRAGMA foreign_key_list(${table})`).all() as Array<{
      table: string
      from: string
      to: string
      on_delete: string
    }>
  ).map((fk) => ({
    column: fk.from,
    references: `${fk.table}.${fk.to}`,
    onDelete: fk.on_delete.toLowerCase(),
  }))
  return {
    columns: Object.fromEntries(
      columns.map((c) => [
        c.name,
        {
          type: c.type.toLowerCase(),
          // A primary key column never holds NULL in PostgreSQL; SQLite's own rule is looser.
          notNull: c.notnull === 1 || c.pk > 0,
          default: c.dflt_value,
          autoId: c === rowidAlias,
        },
      ]),
    ),
    primaryKey,
    indexes,
    foreignKeys,
  }
}

export function sqliteShape(db: Sqlite): SchemaShape {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
    )
    .pluck()
    .all() as string[]
  return Object.fromEntries(tables.map((table) => [table, sqliteTable(db, table)]))
}

// ───────────────────────────── PostgreSQL ─────────────────────────────

const PG_COLUMNS = `
  SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`

const PG_INDEXES = `
  SELECT t.relname AS table_name, i.relname AS index_name, ix.indisunique AS unique, ix.indisprimary AS primary,
         ARRAY(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
         pg_get_expr(ix.indpred, ix.indrelid) AS predicate
  FROM pg_index ix
  JOIN pg_class i ON i.oid = ix.indexrelid
  JOIN pg_class t ON t.oid = ix.indrelid
  JOIN pg_namespace n ON n.oid = t.relnamespace
  WHERE n.nspname = 'public' ORDER BY t.relname, i.relname`

const PG_FOREIGN_KEYS = `
  SELECT t.relname AS table_name, a.attname AS column_name, rt.relname AS ref_table, ra.attname AS ref_column,
         c.confdeltype AS on_delete
  FROM pg_constraint c
  CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(col, refcol)
  JOIN pg_class t ON t.oid = c.conrelid
  JOIN pg_class rt ON rt.oid = c.confrelid
  JOIN pg_namespace n ON n.oid = t.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
  JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = k.refcol
  WHERE c.contype = 'f' AND n.nspname = 'public'`

const PG_ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
}

function emptyTable(): TableShape {
  return { columns: {}, primaryKey: [], indexes: [], foreignKeys: [] }
}

export async function pgShape(client: pg.ClientBase): Promise<SchemaShape> {
  const shape: SchemaShape = {}
  const table = (name: string) => {
    shape[name] ??= emptyTable()
    return shape[name]
  }
  for (const c of (await client.query(PG_COLUMNS)).rows)
    table(c.table_name).columns[c.column_name] = {
      type: c.data_type,
      notNull: c.is_nullable === 'NO',
      default: c.column_default === null ? null : String(c.column_default).replace(/::[a-z ]+$/i, ''),
      autoId: c.is_identity === 'YES',
    }
  for (const i of (await client.query(PG_INDEXES)).rows) {
    if (i.primary) table(i.table_name).primaryKey = i.columns
    else
      table(i.table_name).indexes.push({
        name: i.index_name,
        columns: i.columns,
        unique: i.unique,
        where: i.predicate ? normalizePredicate(i.predicate) : null,
      })
  }
  for (const fk of (await client.query(PG_FOREIGN_KEYS)).rows)
    table(fk.table_name).foreignKeys.push({
      column: fk.column_name,
      references: `${fk.ref_table}.${fk.ref_column}`,
      onDelete: PG_ON_DELETE[fk.on_delete] ?? fk.on_delete,
    })
  return shape
}
