// Flaw "no-body-check": the stored body hash is never compared, so a key reused for a
// different payment replays the old response instead of answering 422.
// Replaces `checkBody` (correct: 422 on a different hash) and `replayCompleted` (its sentence).
import { replayCompleted } from '../protocol/answers'
import { type Answer, type EngineContext, locationFor, type Req, reach, record } from '../protocol/context'
import type { Steps } from '../protocol/steps'
import { replay } from '../responses'
import type { KeyRow } from '../store-port'

export const noBodyCheck: Partial<Steps> = {
  checkBody: () => undefined,
  async replayCompleted(e: EngineContext, row: KeyRow, req: Req, waited: boolean): Answer {
    if (row.body_hash === req.hash) return replayCompleted(e, row, req, waited)
    record(
      e,
      'claim-conflict',
      req,
      `the body differs but nothing checks it: the old ${row.response_status} is replayed`,
      { from: 'db', to: e.actor },
    )
    await reach(e, 'before-response', req)
    return replay(row.response_status ?? 500, row.response_body ?? '', locationFor(e, row))
  },
}
