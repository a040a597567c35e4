// The engine line under a run, and which protocol a run is of (client-safe).
import { type AnyScenario, isLeaseScenario, type LeaseScenario, type Scenario } from '@/lib/engine/client'
import { configLabel } from './builder'
import { leaseConfigLabel } from './lease-builder'
import type { AnySandboxRun, SandboxRun } from './types'

/** 'correct engine', 'charge before insert', 'correct lease design', 'ignore fencing tokens' … */
export function configLabelOf(scenario: AnyScenario): string {
  return isLeaseScenario(scenario) ? leaseConfigLabel(scenario) : configLabel(scenario)
}

/** A run of a lease scenario (the sandbox page picks the lease builder for it). */
export function isLeaseRun(run: AnySandboxRun): run is SandboxRun<LeaseScenario> {
  return isLeaseScenario(run.scenario)
}

/** A run of a payment scenario. */
export function isPaymentRun(run: AnySandboxRun): run is SandboxRun<Scenario> {
  return !isLeaseScenario(run.scenario)
}
