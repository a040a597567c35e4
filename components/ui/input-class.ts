// The one look of a text-like control (input, select, textarea), for a caller that renders the
// element itself (a textarea, a read-only share link, the timeline's speed select). The fields in
// ./fields use it too. Layout (width, margins) is the caller's, but for a form field's.

/** md: a form field; sm: a compact control (the sandbox builder); xs: dense monospace text. */
export type InputSize = 'md' | 'sm' | 'xs'

const base =
  'rounded-lg border border-zinc-400 bg-white text-zinc-900 disabled:opacity-60 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100'

const sizes: Record<InputSize, string> = {
  md: 'px-2 py-1.5',
  sm: 'px-2 py-1 text-sm',
  xs: 'px-2 py-1 text-xs',
}

export function inputClass(size: InputSize = 'md'): string {
  return `${base} ${sizes[size]}`
}

/** A form field's control: full width, under its label (ui/fields' form fields, the card form). */
export const fieldInputClass = `mt-1 block w-full ${inputClass('md')}`
