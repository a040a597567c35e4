// The classic mistakes, one module each: every flaw is a set of replacements for the
// correct protocol steps (protocol/steps.ts). The wiring (engine.ts) lays the
// switched-on flaws' replacements over `correctSteps`; nothing else checks for a flaw.
import type { Steps } from '../protocol/steps'
import type { Flaw } from '../types'
import { chargeBeforeInsert } from './charge-before-insert'
import { globalScope } from './global-scope'
import { noBodyCheck } from './no-body-check'
import { noLease } from './no-lease'
import { noProviderKey } from './no-provider-key'
import { selectThenInsert } from './select-then-insert'
import { serialRecovery } from './serial-recovery'
import { splitCommit } from './split-commit'

export const FLAW_STEPS: Readonly<Record<Flaw, Partial<Steps>>> = {
  'charge-before-insert': chargeBeforeInsert,
  'select-then-insert': selectThenInsert,
  'no-body-check': noBodyCheck,
  'global-scope': globalScope,
  'no-provider-key': noProviderKey,
  'split-commit': splitCommit,
  'no-lease': noLease,
  'serial-recovery': serialRecovery,
}
