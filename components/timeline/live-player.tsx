'use client'
// The live player: play/pause, step, scrub (an ARIA slider that narrates the event),
// speed, keyboard (Space, ←/→, Home/End). Everything it draws comes from the trace prop.
// The parts: use-playback (step, play, keys), player-controls, verdicts, event-log.
// Pages use it through timeline-player.tsx, the island that renders it on the server and
// brings it to life in the browser only when it is seen or used.
import { Suspense, useId, useMemo, useRef, useState } from 'react'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { type AnyViolation, clockLabel, type Trace } from '@/lib/engine/client'
import { EventLog } from './event-log'
import { LeaseTables } from './lease-tables'
import { keyLabels, narrate, stepStates } from './model'
import { PlayerControls } from './player-controls'
import { RowTables } from './row-tables'
import { diagramAlwaysScrolls, TimelineSvg } from './timeline-svg'
import { useFollowStep } from './use-follow-step'
import { usePlayback } from './use-playback'
import { Verdicts } from './verdicts'

export interface TimelinePlayerProps {
  trace: Trace
  violations: readonly AnyViolation[]
  /** "Timeline: lost-response" — names the figure, its SVG title and its controls. */
  title: string
  /** One-paragraph summary for the SVG's <desc>. */
  description: string
  /** Carry the sandbox's test ids (charge-count, violations); only one player per page may. */
  withTestIds?: boolean
  /** Step shown first; defaults to the last event, so the whole story is visible at once. */
  initialStep?: number
  /** Say "No invariant broken" when `violations` is empty (off while a drill hides the verdict). */
  showVerdict?: boolean
}

export function LivePlayer({
  trace,
  violations,
  title,
  description,
  withTestIds,
  initialStep,
  showVerdict = true,
}: TimelinePlayerProps) {
  const playback = usePlayback(trace, initialStep)
  const { step } = playback
  const id = useId()
  const slider = useRef<HTMLInputElement>(null)
  const diagramBox = useRef<HTMLElement>(null)
  // Set when the drawing hydrates: its Suspense boundary may stream in after the player's own effects ran.
  const [drawing, setDrawing] = useState<SVGSVGElement | null>(null)
  const states = useMemo(() => stepStates(trace), [trace])
  const labels = useMemo(() => keyLabels(trace), [trace])

  useFollowStep(diagramBox, drawing, step, trace)

  const state = states[step] ?? {
    tables: { idempotencyKeys: [], payments: [], refunds: [], ledger: [] },
    changedCells: new Set<string>(),
    changedAt: null,
  }
  const narration = narrate(trace, step)
  const keyLabel = (key: string) => labels.get(key) ?? key.slice(0, 8)
  const changedAtEvent = state.changedAt === null ? undefined : trace.events[state.changedAt]

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts for the controls inside
    <div className="@container space-y-4" onKeyDown={playback.onKeyDown}>
      <PlayerControls
        playback={playback}
        eventCount={trace.events.length}
        title={title}
        narration={narration}
        sliderRef={slider}
      />

      {/* Sized by the player's own width (container queries), not the window's: the same player
          sits full width on a card and half width in Compare. */}
      <div className="grid gap-4 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="@container min-w-0 space-y-1">
          <p
            className={`text-xs text-zinc-700 dark:text-zinc-300 ${diagramAlwaysScrolls(trace) ? '' : '@min-[41.25rem]:hidden'}`}
          >
            Scroll the diagram sideways to see every lane; the event log below has each step as text.
          </p>
          {/* Scrolls sideways on narrow screens (a trace with many lanes at any width) and down on long
              traces; focused, the arrow keys scroll it (see onKeyDown). */}
          <ScrollRegion
            as="section"
            aria-label={`${title}: diagram`}
            ref={diagramBox}
            scroll="both"
            ring="sky"
            className="max-h-[75vh] rounded border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {/* Suspense boundaries let React hydrate the heavy parts in small, interruptible chunks. */}
            <Suspense>
              <TimelineSvg
                ref={setDrawing}
                trace={trace}
                step={step}
                titleId={`${id}-title`}
                descId={`${id}-desc`}
                title={title}
                description={description}
              />
            </Suspense>
          </ScrollRegion>
        </div>
        {/* Scrolls sideways when the tables are wider than their column, so it is focusable too.
            `relative` keeps the tables' screen-reader-only words inside the scroll box. */}
        <ScrollRegion
          as="section"
          aria-label={`${title}: rows at this step`}
          ring="sky"
          className="relative min-w-0 space-y-2 rounded"
        >
          <p className="text-xs text-zinc-700 dark:text-zinc-300">
            Rows after {clockLabel(trace.clockStart, trace.events[step]?.tMs ?? 0)}.
            {changedAtEvent && (
              <> Highlighted: changed by the commit at {clockLabel(trace.clockStart, changedAtEvent.tMs)}.</>
            )}
          </p>
          <Suspense>
            {trace.protocol === 'lease' ? (
              <LeaseTables trace={trace} step={step} />
            ) : (
              <RowTables state={state} keyLabel={keyLabel} />
            )}
          </Suspense>
        </ScrollRegion>
      </div>

      <Verdicts
        trace={trace}
        violations={violations}
        withTestIds={withTestIds}
        showVerdict={showVerdict}
        onStepTo={(i) => {
          playback.go(i)
          // The slider narrates the breaking event to a screen reader, and arrows step on from it.
          slider.current?.focus()
        }}
      />

      <Suspense>
        <EventLog trace={trace} step={step} />
      </Suspense>
    </div>
  )
}
