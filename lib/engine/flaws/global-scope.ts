// Flaw "global-scope": keys are stored without their account, so two accounts that
// happen to pick the same key collide (one gets the other's payment replayed).
// Replaces `scopeFor` (correct: the account id).
import type { Steps } from '../protocol/steps'

export const globalScope: Partial<Steps> = {
  scopeFor: () => 0,
}
