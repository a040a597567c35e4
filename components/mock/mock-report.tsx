// The report of one finished mock interview (mock-report): per phase the question, what was
// said, each point heard with its quote, each contradiction with See it fail, time used
// against the target and the take; overall the points made of the points asked and the
// suggested grade per card asked, with Save grades. Rendered on the server from the stored mock.

import { ANYTHING_TO_ADD } from '@/lib/mock/phases'
import { type PhaseReport, RATING_OF } from '@/lib/mock/report'
import type { GradedMock } from '@/lib/mock/stored-mock'
import { PointContradiction, PointEvidence } from '../review/point-verdict'
import { SaveGrades } from './save-grades'
import { TakePlayer } from './take-player'

/** m:ss (answer-timer.tsx's formatClock is a client module's, so not callable while rendering here). */
function formatClock(ms: number): string {
  const totalS = Math.floor(ms / 1000)
  return `${Math.floor(totalS / 60)}:${String(totalS % 60).padStart(2, '0')}`
}

type Hrefs = Readonly<Partial<Record<string, string>>>

function phaseTitle(report: PhaseReport, followUpNumber: number): string {
  if (report.phase.kind === 'walkthrough') return 'Walk me through it'
  if (report.phase.kind === 'add') return ANYTHING_TO_ADD
  return `Follow-up ${followUpNumber}: ${report.card.title}`
}

function timeLine({ durationMs, targetMs }: { durationMs: number; targetMs: number }): string {
  const used = `${formatClock(durationMs)} used of ${formatClock(targetMs)}`
  return durationMs > targetMs ? `${used} (${formatClock(durationMs - targetMs)} over)` : used
}

function PhaseSection({
  report,
  index,
  followUpNumber,
  mockId,
  hrefs,
}: {
  report: PhaseReport
  /** The phase's place in the mock (its take's round). */
  index: number
  followUpNumber: number
  mockId: string
  hrefs: Hrefs
}) {
  const { phase, card } = report
  const heardOrWrong = report.verdicts.filter((v) => v.heard || v.contradiction)
  const shown = phase.kind === 'add' ? heardOrWrong : report.verdicts
  const textOf = new Map(card.points.map((p) => [p.id, p.text]))
  return (
    <section
      aria-labelledby={`phase-${index}`}
      data-testid="mock-phase"
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h3 id={`phase-${index}`} className="text-lg font-semibold">
        {phaseTitle(report, followUpNumber)}
      </h3>
      <p className="text-zinc-800 dark:text-zinc-200">
        {phase.kind === 'add' ? ANYTHING_TO_ADD : card.prompt}
      </p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="mock-phase-time">
        {timeLine(phase)}
      </p>
      <div>
        <h4 className="text-sm font-semibold">What you said</h4>
        <p data-testid="mock-said" className="whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">
          {phase.text || '(answered aloud: no transcript or typed text)'}
        </p>
      </div>
      <TakePlayer cardId={phase.cardId} round={`mock:${mockId}:${index}`} />
      {shown.length > 0 && (
        <ul className="space-y-2">
          {shown.map((verdict) => (
            <li key={verdict.id} className="text-sm">
              <span className="font-medium">
                {verdict.heard ? 'Heard' : verdict.contradiction ? 'Said wrong' : 'Not heard'}:
              </span>{' '}
              {textOf.get(verdict.id)}
              {verdict.heard && (
                <PointEvidence pointId={`${index}-${verdict.id}`} evidence={verdict.evidence} />
              )}
              {verdict.contradiction && (
                <PointContradiction
                  pointId={`${index}-${verdict.id}`}
                  contradiction={verdict.contradiction}
                  seeItFailHref={verdict.contradiction.flaw ? hrefs[verdict.contradiction.flaw] : undefined}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function MockReport({ mock, hrefs, when }: { mock: GradedMock; hrefs: Hrefs; when: string }) {
  const { report } = mock
  return (
    <article data-testid="mock-report" aria-labelledby="mock-report-title" className="max-w-3xl space-y-6">
      <h1 id="mock-report-title" className="text-2xl font-bold">
        Mock interview: {mock.cards.get(mock.record.mainCardId)?.title ?? mock.record.mainCardId}
      </h1>
      <p className="text-zinc-700 dark:text-zinc-300">{when}</p>
      <section aria-labelledby="mock-overall" className="space-y-3">
        <h2 id="mock-overall" className="text-xl font-semibold">
          Overall
        </h2>
        <p data-testid="mock-points-made">
          {report.pointsMade} of {report.pointsAsked} points made
        </p>
        <SaveGrades
          mockId={mock.record.id}
          saved={mock.savedRatings}
          cards={report.cards.map((c) => ({
            cardId: c.cardId,
            title: c.title,
            suggested: RATING_OF[c.suggestedRating],
            pointsMade: c.heard.length,
            pointsAsked: c.pointsAsked,
          }))}
        />
      </section>
      <section aria-labelledby="mock-phases" className="space-y-4">
        <h2 id="mock-phases" className="text-xl font-semibold">
          Phase by phase
        </h2>
        {report.phases.map((phase, index) => (
          <PhaseSection
            key={`${phase.phase.kind}-${phase.phase.cardId}`}
            report={phase}
            index={index}
            followUpNumber={
              report.phases.slice(0, index + 1).filter((p) => p.phase.kind === 'follow-up').length
            }
            mockId={mock.record.id}
            hrefs={hrefs}
          />
        ))}
      </section>
    </article>
  )
}
