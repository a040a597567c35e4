// The search box of /cards and its page links: a plain GET form (?q=), so it works before any
// script loads and every result page has its own address.
import Link from 'next/link'
import { buttonClass } from '@/components/ui/button'
import { inputClass } from '@/components/ui/input-class'
import { SEARCH_MAX_CHARS } from '@/lib/decks/card-list'

export function cardsHref(search: string | null, page: number): string {
  const params = new URLSearchParams()
  if (search) params.set('q', search)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `/cards?${query}` : '/cards'
}

export function CardSearch({ search, matching }: { search: string | null; matching: number }) {
  return (
    <search>
      <form action="/cards" method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm font-medium">
          Search cards
          <input
            type="search"
            name="q"
            defaultValue={search ?? ''}
            maxLength={SEARCH_MAX_CHARS}
            placeholder="A title or a point"
            className={`${inputClass()} mt-1 w-72 max-w-full`}
          />
        </label>
        <button type="submit" className={buttonClass({ size: 'md' })}>
          Search
        </button>
        {search !== null && (
          <p
            className="w-full text-sm text-zinc-700 dark:text-zinc-300"
            data-testid="search-result"
            role="status"
          >
            {matching} {matching === 1 ? 'card matches' : 'cards match'} “{search}”.{' '}
            <Link href="/cards" className="underline">
              Show every card
            </Link>
          </p>
        )}
      </form>
    </search>
  )
}

export function CardPages({ search, page, pages }: { search: string | null; page: number; pages: number }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Card pages" className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <Link href={cardsHref(search, page - 1)} className="underline" rel="prev">
          Previous page
        </Link>
      )}
      <span data-testid="card-page">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link href={cardsHref(search, page + 1)} className="underline" rel="next">
          Next page
        </Link>
      )}
    </nav>
  )
}
