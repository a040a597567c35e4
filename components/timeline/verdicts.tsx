'use client'
// Under the player: the provider's charge count, "No invariant broken" or each broken
// invariant with a button that steps to the event that broke it.
import { type AnyViolation, clockLabel, type Trace } from '@/lib/engine/client'
import { ReadyButton } from '../ready-controls'
import { acceptedWrites } from './model'

export function Verdicts({
  trace,
  violations,
  withTestIds,
  showVerdict,
  onStepTo,
}: {
  trace: Trace
  violations: readonly AnyViolation[]
  withTestIds?: boolean
  showVerdict: boolean
  /** Shows event `i` (and focuses the slider, which narrates it). */
  onStepTo: (i: number) => void
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
        {trace.protocol === 'lease' ? (
          <p className="text-sm">
            Writes the storage accepted:{' '}
            <span className="text-lg font-bold" data-testid={withTestIds ? 'write-count' : undefined}>
              {acceptedWrites(trace)}
            </span>
          </p>
        ) : (
          <p className="text-sm">
            Charges in the provider&apos;s ledger:{' '}
            <span className="text-lg font-bold" data-testid={withTestIds ? 'charge-count' : undefined}>
              {trace.charges}
            </span>
          </p>
        )}
        {showVerdict && violations.length === 0 && (
          <p className="text-sm text-emerald-800 dark:text-emerald-300">No invariant broken.</p>
        )}
      </div>
      <ul
        data-testid={withTestIds ? 'violations' : undefined}
        aria-label="Invariants broken"
        className="space-y-2"
      >
        {violations.map((violation) => {
          const at = violation.eventIndex === null ? undefined : trace.events[violation.eventIndex]
          return (
            <li
              key={`${violation.id}-${violation.eventIndex}`}
              className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <strong>
                {violation.id} — {violation.name}
              </strong>
              : {violation.message}{' '}
              {at && (
                <ReadyButton
                  className="underline underline-offset-2 hover:no-underline disabled:opacity-60"
                  onClick={() => onStepTo(at.i)}
                >
                  Step to the event at {clockLabel(trace.clockStart, at.tMs)}
                </ReadyButton>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
