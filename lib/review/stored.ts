// Stored study rows read back: a card state as the scheduler's schedule, and the
// point ids a review log keeps as JSON.
import type { CardStateRecord, ReviewLogRecord } from '@/db/queries/study'
import type { CardSchedule } from '@/lib/srs/scheduler'

export function toSchedule(record: CardStateRecord | undefined): CardSchedule | null {
  if (!record) return null
  const { cardId: _cardId, ...schedule } = record
  return schedule
}

export function parseIds(json: string): string[] {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

export function missedPointIds(log: Pick<ReviewLogRecord, 'pointsAll' | 'pointsTicked'>): string[] {
  const ticked = new Set(parseIds(log.pointsTicked))
  return parseIds(log.pointsAll).filter((id) => !ticked.has(id))
}
