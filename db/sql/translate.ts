// The queries' SQL is written in SQLite's dialect; PostgreSQL needs three changes, all lexical:
// `?` and `@name` parameters become `$1, $2, …`, and camelCase aliases (`AS learnerId`) are
// quoted, since PostgreSQL folds unquoted names to lower case. Strings, quoted names and
// comments are copied as they are. Done once per statement text (cached by the adapter).

export interface PgStatement {
  text: string
  /** For `@name` parameters: the names in `$n` order. Null for positional `?` ones. */
  names: string[] | null
}

const identifierStart = /[A-Za-z_]/
const identifierPart = /[A-Za-z0-9_]/

export function toPostgres(sql: string): PgStatement {
  let text = ''
  let positional = 0
  const names: string[] = []
  let i = 0
  const readIdentifier = (from: number): string => {
    let end = from
    while (end < sql.length && identifierPart.test(sql.charAt(end))) end++
    return sql.slice(from, end)
  }
  while (i < sql.length) {
    const c = sql.charAt(i)
    if (c === "'" || c === '"') {
      // A string or a quoted name, '' / "" escapes included.
      let end = i + 1
      while (end < sql.length) {
        if (sql.charAt(end) === c && sql.charAt(end + 1) === c) end += 2
        else if (sql.charAt(end) === c) break
        else end++
      }
      text += sql.slice(i, end + 1)
      i = end + 1
    } else if (c === '-' && sql.charAt(i + 1) === '-') {
      const end = sql.indexOf('\n', i)
      const stop = end === -1 ? sql.length : end
      text += sql.slice(i, stop)
      i = stop
    } else if (c === '?') {
      if (names.length > 0) throw new Error(`mixed ? and @name parameters in: ${sql}`)
      text += `$${++positional}`
      i++
    } else if (c === '@' && identifierStart.test(sql.charAt(i + 1))) {
      if (positional > 0) throw new Error(`mixed ? and @name parameters in: ${sql}`)
      const name = readIdentifier(i + 1)
      let index = names.indexOf(name)
      if (index === -1) index = names.push(name) - 1
      text += `$${index + 1}`
      i += 1 + name.length
    } else if (identifierStart.test(c) && (i === 0 || !identifierPart.test(sql.charAt(i - 1)))) {
      const word = readIdentifier(i)
      text += word
      i += word.length
      if (word.toUpperCase() === 'AS') {
        const gap = /^\s+/.exec(sql.slice(i))?.[0] ?? ''
        const alias = readIdentifier(i + gap.length)
        if (gap && /^[a-z][a-z0-9_]*[A-Z]/.test(alias)) {
          text += `${gap}"${alias}"`
          i += gap.length + alias.length
        }
      }
    } else {
      text += c
      i++
    }
  }
  return { text, names: names.length > 0 ? names : null }
}
