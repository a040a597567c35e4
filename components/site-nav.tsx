// The top navigation. A server component: links only, the current page is marked
// by the client leaf NavLink.
import { NavLink } from './nav-link'

const links = [
  { href: '/review', label: 'Review' },
  { href: '/cards', label: 'Cards' },
  { href: '/sandbox', label: 'Sandbox' },
  { href: '/stats', label: 'Stats' },
  { href: '/settings', label: 'Settings' },
] as const

export function SiteNav() {
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3"
      >
        <a href="/" className="text-lg font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
          Drill
        </a>
        <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
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
