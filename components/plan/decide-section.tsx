// Help me decide on /plan: a plain GET form runs the simulation (lib/plan/decide.ts)
// for this page; the result is drawn, tabled, and one value can be applied.
import type { DecideResult } from '@/lib/plan/decide'
import { DataTable } from '../stats/data-table'
import { Button } from '../ui/button'
import { ChartSection } from '../ui/chart'
import { DecideChart } from './decide-chart'
import { UseRetentionForm } from './use-retention-form'

export function DecideSection({
  result,
  current,
  seed,
}: {
  result: DecideResult | null
  current: number
  seed: number
}) {
  return (
    <section aria-labelledby="plan-decide-title" data-testid="plan-decide" className="space-y-3">
      <h2 id="plan-decide-title" className="text-xl font-semibold">
        Which desired retention?
      </h2>
      <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
        A simulation of every day from today to your interview with your own cards, their memory today, and
        how long you take to answer, for each desired retention from 0.70 to 0.97: how many minutes a day it
        costs, and the recall it leaves you with on the day. Your current setting is {current.toFixed(2)}.
      </p>
      <form method="get" action="/plan#plan-decide-title">
        <input type="hidden" name="decide" value="1" />
        <input type="hidden" name="seed" value={seed} />
        <Button type="submit" size="md">
          Help me decide
        </Button>
      </form>
      {result && (
        <ChartSection
          id="decide"
          title="Minutes per day and recall on the day, by desired retention"
          summary={summaryOf(result, current)}
          minWidthClass="min-w-[600px]"
          chart={<DecideChart outcomes={result.outcomes} current={current} />}
        >
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Seeded Monte Carlo (seed {result.seed}, {result.samples} {result.samples === 1 ? 'run' : 'runs'}{' '}
            of each of your {result.cards} cards over {result.days} {result.days === 1 ? 'day' : 'days'}): the
            same seed gives the same numbers.
          </p>
          <DataTable
            label="Every retention, as a table"
            caption="Simulated minutes per day, reviews per day and recall on the interview day by desired retention"
            head={['Desired retention', 'Minutes per day', 'Reviews per day', 'Recall on the day']}
            rows={result.outcomes.map((o) => [
              `${o.retention.toFixed(2)}${Math.abs(o.retention - current) < 0.001 ? ' (current)' : ''}`,
              o.minutesPerDay.toFixed(1),
              o.reviewsPerDay.toFixed(1),
              `${(o.expectedRecall * 100).toFixed(1)}%`,
            ])}
          />
          <UseRetentionForm outcomes={result.outcomes} current={current} />
        </ChartSection>
      )}
    </section>
  )
}

function summaryOf(result: DecideResult, current: number): string {
  const low = result.outcomes[0]
  const high = result.outcomes.at(-1)
  if (!low || !high) return 'Nothing to simulate.'
  return `From ${low.retention.toFixed(2)} to ${high.retention.toFixed(2)}: ${low.minutesPerDay.toFixed(1)} to ${high.minutesPerDay.toFixed(
    1,
  )} minutes a day, and ${(low.expectedRecall * 100).toFixed(0)}% to ${(high.expectedRecall * 100).toFixed(0)}% recall on the day. Current setting ${current.toFixed(2)}.`
}
