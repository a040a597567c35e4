'use client'
// "Optimize my parameters" on /settings: POST /api/fsrs/optimize with a streamed
// answer (progress lines, then the result), a progress bar, and Cancel (closing the
// stream cancels the run on the server). Disabled, with the count and the reason,
// below the minimum of training items.
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { Button } from '../ui/button'

interface Scores {
  logLoss: number
  rmseBins: number
}

interface OptimizeBody {
  items: number
  before: Scores
  after: Scores
  kept: 'new' | 'old'
  parameters: number[]
}

type Status =
  | { kind: 'idle' }
  | { kind: 'running'; current: number; total: number }
  | { kind: 'done'; body: OptimizeBody }
  | { kind: 'cancelled' }
  | { kind: 'failed'; detail: string }

const score = (s: Scores) => `log loss ${s.logLoss.toFixed(4)}, RMSE(bins) ${(s.rmseBins * 100).toFixed(2)}%`

async function* lines(response: Response): AsyncGenerator<unknown> {
  const reader = response.body?.getReader()
  if (!reader) return
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    buffer += decoder.decode(value, { stream: !done })
    let newline = buffer.indexOf('\n')
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim()
      buffer = buffer.slice(newline + 1)
      if (line) yield JSON.parse(line)
      newline = buffer.indexOf('\n')
    }
    if (done) return
  }
}

export function OptimizeParameters({
  trainingItems,
  minimum,
  ownParameters,
}: {
  trainingItems: number
  minimum: number
  ownParameters: boolean
}) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const abort = useRef<AbortController | null>(null)
  const router = useRouter()
  const tooFew = trainingItems < minimum

  async function optimize() {
    const controller = new AbortController()
    abort.current = controller
    setStatus({ kind: 'running', current: 0, total: 0 })
    try {
      const response = await fetch('/api/fsrs/optimize', {
        method: 'POST',
        headers: { accept: 'application/x-ndjson' },
        signal: controller.signal,
      })
      if (!response.ok) {
        const problem = (await response.json().catch(() => null)) as { detail?: string } | null
        setStatus({ kind: 'failed', detail: problem?.detail ?? `The server answered ${response.status}.` })
        return
      }
      for await (const line of lines(response)) {
        const message = line as
          | ({ type: 'result' } & OptimizeBody)
          | { type: 'progress'; current: number; total: number }
          | { type: 'problem'; problem: { detail: string } }
        if (message.type === 'progress')
          setStatus({ kind: 'running', current: message.current, total: message.total })
        else if (message.type === 'result') {
          setStatus({ kind: 'done', body: message })
          if (message.kept === 'new') router.refresh()
        } else setStatus({ kind: 'failed', detail: message.problem.detail })
      }
    } catch {
      setStatus(
        controller.signal.aborted
          ? { kind: 'cancelled' }
          : { kind: 'failed', detail: 'The connection broke. Your parameters are unchanged.' },
      )
    } finally {
      abort.current = null
    }
  }

  return (
    <section aria-labelledby="fsrs-title" data-testid="fsrs-parameters" className="max-w-2xl space-y-3">
      <h2 id="fsrs-title" className="text-xl font-semibold">
        FSRS parameters
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        {ownParameters
          ? 'Your schedule uses parameters fitted to your own review history.'
          : 'Your schedule uses FSRS’s default parameters.'}{' '}
        Optimizing fits them to how you remember, from your reviews: the new ones are kept only if they
        predict your answers better than the ones in use.
      </p>
      <p
        id="optimize-count"
        data-testid="optimize-count"
        className="text-sm text-zinc-700 dark:text-zinc-300"
      >
        {trainingItems} training {trainingItems === 1 ? 'item' : 'items'} (reviews of a card after its first,
        on a later day).
        {tooFew && ` Optimizing needs at least ${minimum}: review for a few more days first.`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          size="md"
          waitsForHydration
          onClick={optimize}
          disabled={tooFew || status.kind === 'running'}
          aria-describedby="optimize-count"
        >
          Optimize my parameters
        </Button>
        {status.kind === 'running' && (
          <Button size="md" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        )}
      </div>
      {status.kind === 'running' && (
        <div className="space-y-1">
          <label htmlFor="optimize-progress" className="block text-sm font-medium">
            Training on {trainingItems} items
          </label>
          <progress
            id="optimize-progress"
            className="w-full max-w-md"
            max={status.total || 1}
            value={status.total ? status.current : undefined}
          />
        </div>
      )}
      <div role="status" aria-live="polite" data-testid="optimize-result" className="text-sm">
        {status.kind === 'done' && (
          <>
            <p>
              Trained on {status.body.items} items. Before:{' '}
              <span data-testid="optimize-before">{score(status.body.before)}</span>. After:{' '}
              <span data-testid="optimize-after">{score(status.body.after)}</span>.
            </p>
            <p className="font-medium">
              {status.body.kept === 'new'
                ? 'The new parameters fit better: they are kept and schedule every review from now on.'
                : 'Your current parameters already fit best: they are kept.'}
            </p>
          </>
        )}
        {status.kind === 'cancelled' && <p>Cancelled. Your parameters are unchanged.</p>}
        {status.kind === 'failed' && <p className="text-red-800 dark:text-red-300">{status.detail}</p>}
      </div>
    </section>
  )
}
