'use client'
// "This is where I said it" under a point the learner ticked and the grader did not hear
// (use-teach-grader.ts), with what became of the last press: taught, refused and why, or waiting
// for a connection. Above the box's label overlay (relative z-10), so a press never ticks the box.
import { Button } from '../ui/button'
import type { TeachNote } from './use-teach-grader'

export function TeachPoint({
  pointId,
  note,
  onTeach,
}: {
  pointId: string
  note: TeachNote | undefined
  onTeach: (pointId: string) => void
}) {
  return (
    <div className="relative z-10 mt-2 space-y-1">
      <Button
        size="xs"
        waitsForHydration
        data-testid="teach-point"
        aria-describedby="answer-text-help"
        onClick={() => onTeach(pointId)}
      >
        This is where I said it
      </Button>
      {note && (
        <p
          role={note.kind === 'refused' ? 'alert' : 'status'}
          data-testid="teach-note"
          className={`text-sm ${
            note.kind === 'refused' ? 'text-red-800 dark:text-red-300' : 'text-zinc-700 dark:text-zinc-300'
          }`}
        >
          {note.text}
        </p>
      )}
    </div>
  )
}
