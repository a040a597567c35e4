// After the settings are saved with an interview date ahead: the cards already due
// on or after that day are brought into its final window (lib/plan/reschedule.ts).
// Clearing the date moves nothing back: a review earlier than FSRS asked is never
// harmful, and from then on every grade is plain FSRS again.
import { planQueries } from '@/db/queries/plan'
import type { Db } from '@/db/sql/db'
import { isoDateDayNumber, type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'
import { dueMovesForInterview } from './reschedule'

/** Reads the states and moves the dues in one transaction under the learner's lock (no grade in between). */
export async function bringDuesIntoFinalWindow(
  db: Db,
  {
    learnerId,
    settings,
    nowMs,
  }: { learnerId: string; settings: StudyDayConfig & { interviewDate: string | null }; nowMs: number },
): Promise<number> {
  const interviewDay = settings.interviewDate ? isoDateDayNumber(settings.interviewDate) : null
  if (interviewDay === null) return 0
  return db.transaction(
    async (tx) => {
      const q = planQueries(tx)
      const moves = dueMovesForInterview({
        cardStates: await q.getCardStatesByLearnerId({ learnerId }),
        todayDay: studyDayNumberOf(nowMs, settings),
        interviewDay,
        config: settings,
      })
      return moves.length === 0 ? 0 : q.moveCardDuesByLearnerId({ learnerId, moves })
    },
    { lockKey: learnerId },
  )
}
