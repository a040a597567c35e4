'use client'
// "Use this retention": pick one of the simulated retentions and save it as the
// desired retention (a server action; works before hydration as a plain form post).
import { useActionState } from 'react'
import { applyRetentionAction, type RetentionFormState } from '@/app/plan/actions'
import type { RetentionOutcome } from '@/lib/plan/decide'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'

export function UseRetentionForm({
  outcomes,
  current,
}: {
  outcomes: readonly RetentionOutcome[]
  current: number
}) {
  const [state, formAction, pending] = useActionState<RetentionFormState, FormData>(applyRetentionAction, {
    status: 'idle',
  })
  const closest = outcomes.reduce(
    (best, o) => (Math.abs(o.retention - current) < Math.abs(best - current) ? o.retention : best),
    outcomes[0]?.retention ?? 0.9,
  )
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="retention" className="block font-medium">
          Retention to use
        </label>
        <select
          id="retention"
          name="retention"
          defaultValue={closest.toFixed(2)}
          className={`mt-1 block ${inputClass()}`}
        >
          {outcomes.map((o) => (
            <option key={o.retention} value={o.retention.toFixed(2)}>
              {`${o.retention.toFixed(2)}: ${o.minutesPerDay.toFixed(1)} min a day, ${Math.round(o.expectedRecall * 100)}% on the day${
                Math.abs(o.retention - current) < 0.001 ? ' (current)' : ''
              }`}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="primary" size="md" disabled={pending}>
        Use this retention
      </Button>
      <p role="status" className="w-full text-sm" data-testid="retention-status">
        {state.status === 'saved'
          ? `Desired retention set to ${state.retention.toFixed(2)}. Cards you review from now on are scheduled for it.`
          : state.status === 'invalid'
            ? state.message
            : ''}
      </p>
    </form>
  )
}
