import { describe, expect, it } from 'vitest'
import { toPostgres } from './translate'

describe('SQLite-dialect SQL made PostgreSQL', () => {
  it('numbers ? parameters in order', () => {
    expect(toPostgres('SELECT a FROM t WHERE b = ? AND c < ? LIMIT ?')).toEqual({
      text: 'SELECT a FROM t WHERE b = $1 AND c < $2 LIMIT $3',
      names: null,
    })
  })

  it('gives each @name one number, however often it is used', () => {
    expect(toPostgres('UPDATE t SET a = @a, b = @b WHERE id = @id AND a <> @a')).toEqual({
      text: 'UPDATE t SET a = $1, b = $2 WHERE id = $3 AND a <> $1',
      names: ['a', 'b', 'id'],
    })
  })

  it('quotes camelCase aliases and leaves lower-case ones and quoted ones alone', () => {
    expect(
      toPostgres('SELECT due_ms AS dueMs, state AS state, x as "already", y as learnerId FROM t').text,
    ).toBe('SELECT due_ms AS "dueMs", state AS state, x as "already", y as "learnerId" FROM t')
  })

  it('copies strings, quoted names and comments untouched', () => {
    const sql = `SELECT 'what? @me AS camelCase' AS "odd?", 'it''s ?' -- a comment? @x\nFROM t WHERE a = ?`
    expect(toPostgres(sql).text).toBe(
      `SELECT 'what? @me AS camelCase' AS "odd?", 'it''s ?' -- a comment? @x\nFROM t WHERE a = $1`,
    )
  })

  it('leaves casts and words that merely contain AS alone', () => {
    expect(toPostgres('SELECT CAST(a AS REAL) AS ratio, lastName FROM t WHERE b::int = ?').text).toBe(
      'SELECT CAST(a AS REAL) AS ratio, lastName FROM t WHERE b::int = $1',
    )
  })

  it('refuses a statement that mixes the two parameter styles', () => {
    expect(() => toPostgres('SELECT ? , @a')).toThrow(/mixed/)
  })
})
