// Where a migrated SQLite schema and a migrated PostgreSQL schema disagree, one sentence
// per difference (an empty list: they agree). Tables and columns by name; types through
// the mapping below; NOT NULL, defaults and database-assigned ids; primary keys,
// foreign keys, and every other index with its columns, uniqueness and predicate.
import type { ColumnShape, IndexShape, SchemaShape, TableShape } from './introspect'

/** The PostgreSQL types a SQLite column may become ('boolean': drizzle's integer({ mode: 'boolean' })). */
export const PG_TYPES_FOR_SQLITE: Record<string, readonly string[]> = {
  integer: ['bigint', 'integer'],
  boolean: ['boolean'],
  real: ['double precision'],
  text: ['text'],
  blob: ['bytea'],
}

/** Integers that hold ids, times or money must be `bigint`: pg's `integer` is 32-bit. */
export const WIDE_INTEGER_COLUMN = /^(id|seq|amount)$|_(id|ms|minor)$/

export interface ParityOptions {
  /** `table.column` of the SQLite integer columns that hold booleans. */
  booleanColumns?: ReadonlySet<string>
  /** Tables only PostgreSQL has, on purpose (state that SQLite's one process keeps in memory). */
  postgresOnly?: ReadonlySet<string>
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

function signature(index: IndexShape): string {
  return `${index.unique ? 'unique ' : ''}(${index.columns.join(', ')})${index.where ? ` where ${index.where}` : ''}`
}

function columnDifferences(
  where: string,
  sqlite: ColumnShape,
  pg: ColumnShape,
  isBoolean: boolean,
  name: string,
): string[] {
  const out: string[] = []
  const kind = isBoolean ? 'boolean' : sqlite.type
  const allowed = PG_TYPES_FOR_SQLITE[kind] ?? []
  if (!allowed.includes(pg.type))
    out.push(
      `${where}: SQLite ${kind} became PostgreSQL ${pg.type} (expected ${allowed.join(' or ') || '?'})`,
    )
  else if (kind === 'integer' && WIDE_INTEGER_COLUMN.test(name) && pg.type !== 'bigint')
    out.push(`${where}: holds ids, times or money, so PostgreSQL needs bigint, not ${pg.type}`)
  if (sqlite.notNull !== pg.notNull)
    out.push(`${where}: NOT NULL in ${sqlite.notNull ? 'SQLite only' : 'PostgreSQL only'}`)
  if (sqlite.default !== pg.default)
    out.push(`${where}: default ${sqlite.default ?? 'none'} in SQLite, ${pg.default ?? 'none'} in PostgreSQL`)
  if (sqlite.autoId !== pg.autoId)
    out.push(`${where}: assigned by the database in ${sqlite.autoId ? 'SQLite only' : 'PostgreSQL only'}`)
  return out
}

function indexDifferences(table: string, sqlite: IndexShape[], pg: IndexShape[]): string[] {
  const out: string[] = []
  const unmatched = [...pg]
  const take = (found: IndexShape | undefined) => {
    if (found) unmatched.splice(unmatched.indexOf(found), 1)
    return found
  }
  for (const index of sqlite) {
    // SQLite names the index of an inline UNIQUE itself; match those by what they index.
    const automatic = index.name.startsWith('sqlite_autoindex_')
    const found = take(
      automatic
        ? unmatched.find((p) => signature(p) === signature(index))
        : unmatched.find((p) => p.name === index.name),
    )
    if (!found) out.push(`${table}: index ${automatic ? signature(index) : index.name} missing in PostgreSQL`)
    else if (signature(found) !== signature(index))
      out.push(
        `${table}: index ${index.name} is ${signature(index)} in SQLite, ${signature(found)} in PostgreSQL`,
      )
  }
  for (const extra of unmatched)
    out.push(`${table}: index ${extra.name} ${signature(extra)} only in PostgreSQL`)
  return out
}

function tableDifferences(
  name: string,
  sqlite: TableShape,
  pg: TableShape,
  options: ParityOptions,
): string[] {
  const out: string[] = []
  for (const [column, shape] of Object.entries(sqlite.columns)) {
    const other = pg.columns[column]
    if (!other) out.push(`${name}.${column}: missing in PostgreSQL`)
    else
      out.push(
        ...columnDifferences(
          `${name}.${column}`,
          shape,
          other,
          options.booleanColumns?.has(`${name}.${column}`) ?? false,
          column,
        ),
      )
  }
  for (const column of Object.keys(pg.columns))
    if (!sqlite.columns[column]) out.push(`${name}.${column}: only in PostgreSQL`)
  if (!sameList(sqlite.primaryKey, pg.primaryKey))
    out.push(
      `${name}: primary key (${sqlite.primaryKey.join(', ')}) in SQLite, (${pg.primaryKey.join(', ')}) in PostgreSQL`,
    )
  const fk = (f: TableShape['foreignKeys'][number]) => `${f.column} → ${f.references} on delete ${f.onDelete}`
  const sqliteKeys = sqlite.foreignKeys.map(fk).sort()
  const pgKeys = pg.foreignKeys.map(fk).sort()
  if (!sameList(sqliteKeys, pgKeys))
    out.push(
      `${name}: foreign keys [${sqliteKeys.join('; ')}] in SQLite, [${pgKeys.join('; ')}] in PostgreSQL`,
    )
  out.push(...indexDifferences(name, sqlite.indexes, pg.indexes))
  return out
}

export function schemaDifferences(
  sqlite: SchemaShape,
  pg: SchemaShape,
  options: ParityOptions = {},
): string[] {
  const out: string[] = []
  for (const [name, table] of Object.entries(sqlite)) {
    const other = pg[name]
    if (!other) out.push(`table ${name}: missing in PostgreSQL`)
    else out.push(...tableDifferences(name, table, other, options))
  }
  for (const name of Object.keys(pg))
    if (!sqlite[name] && !options.postgresOnly?.has(name)) out.push(`table ${name}: only in PostgreSQL`)
  return out
}
