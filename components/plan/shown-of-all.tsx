// The line above a plan table cut to its first rows: which rows these are, and a link to all of
// them (the page with `?<section>=all`, keeping the page's other choices). A learner with 20,000
// cards gets a page that stays small; one with a deck of 64 sees every row and no line.

/** Rows a plan table shows unless the learner asks for all. */
export const PLAN_ROWS_SHOWN = 100

export function ShownOfAll({
  shown,
  all,
  which,
  noun,
  showAllHref,
  testId,
}: {
  shown: number
  all: number
  /** What the shown rows are, after "The {shown} of your {all} {noun}". */
  which: string
  noun: string
  showAllHref: string
  testId: string
}) {
  if (shown >= all) return null
  const count = all.toLocaleString('en-US')
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid={`${testId}-shown`}>
      The {shown.toLocaleString('en-US')} of your {count} {noun} {which}.{' '}
      <a href={showAllHref} className="underline" data-testid={`${testId}-show-all`}>
        Show all {count} {noun}
      </a>
      .
    </p>
  )
}
