// The correct engine, step by step: every entry a flaw module may replace.
import { answerPending, checkBody, leaseExpired, rejectInFlight, replayCompleted } from './answers'
import { claim } from './claim'
import { commitPayment, completionFence, startPayment } from './payment'
import type { Steps } from './steps'
import { recoverLeases, settleFromLookup } from './sweeps'

export const correctSteps: Readonly<Steps> = Object.freeze<Steps>({
  scopeFor: (_e, accountId) => accountId,
  startPayment,
  claim,
  checkBody,
  replayCompleted,
  answerPending,
  leaseExpired,
  rejectInFlight,
  providerKeyOf: (_e, row) => row.provider_key,
  commitPayment,
  completionFence,
  recoverLeases,
  settleFromLookup,
})
