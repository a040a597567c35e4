// Per-point recall on the interview day, for cards with points: each point's own
// memory, replayed from the ticks in the review log (lib/plan/point-recall.ts). More
// cards than a page holds: the first in deck order, and a link to all of them.
import type { CardPointRecall } from '@/lib/plan/point-recall'
import { percent } from './format'
import { PLAN_ROWS_SHOWN, ShownOfAll } from './shown-of-all'

export function PointRecallList({
  cards,
  showAll = false,
  showAllHref,
}: {
  cards: readonly CardPointRecall[]
  showAll?: boolean
  /** The page with every card's points (keeping the page's other choices). */
  showAllHref: string
}) {
  const shown = showAll ? cards : cards.slice(0, PLAN_ROWS_SHOWN)
  return (
    <section aria-labelledby="plan-points-title" data-testid="plan-points" className="space-y-3">
      <h2 id="plan-points-title" className="text-xl font-semibold">
        Recall on the day, point by point
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Each point's own memory from the points you ticked (made) or not (missed) at each review, with no
        further review.
      </p>
      <ShownOfAll
        shown={shown.length}
        all={cards.length}
        noun="reviewed cards with points"
        which="that come first in deck order"
        showAllHref={`${showAllHref}#plan-points-title`}
        testId="plan-points"
      />
      {cards.length === 0 ? (
        <p>No card with points has been reviewed yet.</p>
      ) : (
        <ul className="space-y-3">
          {shown.map((card) => (
            <li key={card.cardId}>
              <details>
                <summary className="cursor-pointer font-medium underline">{card.title}</summary>
                <ul className="mt-1 space-y-1 pl-5 text-sm">
                  {card.points.map((point) => (
                    <li key={point.pointId}>
                      <span className="font-semibold tabular-nums">{percent(point.recallAtInterview)}</span>{' '}
                      {point.text}
                      {point.critical && ' (critical point)'}
                      <span className="text-zinc-700 dark:text-zinc-300">
                        {' '}
                        — missed {point.missed} of {point.asked}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
