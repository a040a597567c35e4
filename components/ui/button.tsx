// The app's one button look. `Button` for a <button>; `buttonClass` for what must be another
// element but look like one (a <Link> or a download <a>). No 'use client': pages rendered on the
// server use both.
import type { ComponentProps } from 'react'
import { ReadyButton } from '../ready-controls'

/**
 * primary: the one main action of a page or form (Save, Run, Show answer).
 * secondary: every other action. danger: confirms a deletion. danger-outline: asks for one.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline'
/** md: a page's main action; sm: the default; xs: a control inside dense content (a copy button). */
export type ButtonSize = 'md' | 'sm' | 'xs'

const base =
  'inline-flex items-center justify-center rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:opacity-60 dark:focus-visible:outline-sky-400'

// Every variant has a border (transparent where the fill is the edge), so buttons side by side are one height.
const variants: Record<ButtonVariant, string> = {
  primary:
    'border border-transparent bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300',
  secondary:
    'border border-zinc-400 bg-white text-zinc-900 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  danger: 'border border-transparent bg-red-800 text-white hover:bg-red-900',
  'danger-outline':
    'border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950',
}

const sizes: Record<ButtonSize, string> = {
  md: 'px-4 py-2',
  sm: 'px-3 py-1.5 text-sm',
  xs: 'px-2 py-1 text-xs',
}

export interface ButtonLook {
  variant?: ButtonVariant
  size?: ButtonSize
}

export function buttonClass({ variant = 'secondary', size = 'sm' }: ButtonLook = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}`
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonLook {
  /**
   * Disabled until it has hydrated: set it when the click is handled by client JS and would be lost
   * before (components/ready-controls). Leave it off for a form's submit button that works without JS.
   */
  waitsForHydration?: boolean
}

export function Button({
  variant,
  size,
  waitsForHydration,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  const Control = waitsForHydration ? ReadyButton : 'button'
  const look = buttonClass({ variant, size })
  return <Control type={type} className={className ? `${look} ${className}` : look} {...props} />
}
