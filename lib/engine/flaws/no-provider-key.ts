// Flaw "no-provider-key": the provider is called without our idempotency key, so
// nothing can dedupe a second charge and an unknown outcome cannot be looked up: a
// retry or a sweep of a pending_unknown key charges again blindly.
// Replaces `providerKeyOf` (correct: the key row's provider key), `answerPending`
// (correct: answer 202, charge nothing) and `settleFromLookup` (correct: ask the provider).
import { answerPending, reopen } from '../protocol/answers'
import { type Answer, type EngineContext, type Req, record } from '../protocol/context'
import { drive } from '../protocol/drive'
import type { Steps } from '../protocol/steps'
import type { KeyRow } from '../store-port'
import { now } from './sqlite-only'

export const noProviderKey: Partial<Steps> = {
  providerKeyOf: () => null,
  answerPending(e: EngineContext, row: KeyRow, req: Req): Answer {
    if (!now(reopen(e, row))) return answerPending(e, row, req)
    record(
      e,
      'note',
      req,
      'the outcome is unknown and there is no key to ask the provider with: the server charges again blindly',
    )
    return drive(e, { ...row, status: 'in_progress', lease_version: row.lease_version + 1 }, req)
  },
  async settleFromLookup(e: EngineContext, row: KeyRow, req: Req): Promise<boolean> {
    if (!now(reopen(e, row))) return false
    record(
      e,
      'note',
      req,
      'nothing to look the charge up by (no provider key): the sweep charges again blindly',
    )
    await drive(e, { ...row, status: 'in_progress', lease_version: row.lease_version + 1 }, req)
    return now(e.store.getKey(row.account_id, row.key))?.status === 'completed'
  },
}
