// The top navigation. A server component: links only, the current page is marked
// by the client leaf NavLink.
import { NavLink } from './nav-link'

const links = [
  { href: '/review', label: 'Review' },
  { href: '/mock', label: 'Mock' },
  { href: '/cards', label: 'Cards' },
  { href: '/sandbox', label: 'Sandbox' },
  { href: '/stats', label: 'Stats' },
  { href: '/plan', label: 'Plan' },
  { href: '/settings', label: 'Settings' },
] as const

export function SiteNav() {
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:py-3"
      >
        <a href="/" className="text-lg font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
          Drill
        </a>
        {/* On a phone the links sit under the name (tighter padding), wrapping rather than overflowing. */}
        <ul className="-mx-2 flex w-full flex-wrap gap-x-0.5 text-sm sm:mx-0 sm:w-auto sm:gap-x-1">
          {links.map((link) => (
            <li key={link.href}>
              <NavLink href={link.href}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
