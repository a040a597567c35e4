// The hot study queries must be index lookups, not scans (bench:review measures them at 1M logs).
import { describe, expect, test } from 'vitest'
import { dueCardsSql } from '@/db/queries/study'
import { freshDatabase } from '@/tests/review/fixtures'

function planOf(sql: string, params: unknown[]): string {
  const sqlite = freshDatabase()
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]
  return rows.map((row) => row.detail).join('\n')
}

describe('query plans', () => {
  test('the due queue searches the (learner_id, due_ms) index and needs no sort', () => {
    const plan = planOf(dueCardsSql, ['learner', Date.now(), 50])
    expect(plan).toMatch(
      /SEARCH card_states USING (COVERING )?INDEX card_states_due \(learner_id=\? AND due_ms<\?\)/,
    )
    expect(plan).not.toMatch(/TEMP B-TREE/)
  })

  test("today's review counts search the (learner_id, reviewed_at_ms) index", () => {
    const plan = planOf(
      'SELECT count(*) FROM review_logs WHERE learner_id = ? AND reviewed_at_ms >= ? AND reviewed_at_ms < ?',
      ['learner', 0, 1],
    )
    expect(plan).toMatch(/SEARCH review_logs USING (COVERING )?INDEX review_logs_learner_time/)
  })

  test("resolving one of a learner's own cards is a primary-key search (grading does it per review)", () => {
    const plan = planOf('SELECT title FROM own_cards WHERE learner_id = ? AND id = ?', ['learner', 'card'])
    expect(plan).toMatch(
      /SEARCH own_cards USING INDEX sqlite_autoindex_own_cards_1 \(learner_id=\? AND id=\?\)/,
    )
  })

  test("listing a learner's own cards in deck order searches the (learner_id, deck_slug, …) index", () => {
    const plan = planOf(
      'SELECT id FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id',
      ['learner'],
    )
    expect(plan).toMatch(/SEARCH own_cards USING (COVERING )?INDEX own_cards_learner_deck \(learner_id=\?\)/)
  })
})
