// A built-in card's Sources: where its facts come from (the card file's `sources:`), each
// source's title and where to find it — a link when `where` is a web address, the text
// (a book's author, publisher and year) when it is not.
import type { CardSource } from '@/lib/content/schema'

const WEB_ADDRESS = /^https?:\/\/\S+$/

export function SourceList({ sources }: { sources: readonly CardSource[] }) {
  if (sources.length === 0) return null
  return (
    <section aria-labelledby="sources-title" data-testid="card-sources">
      <h2 id="sources-title" className="text-xl font-semibold">
        Sources
      </h2>
      <ul className="mt-3 max-w-3xl list-disc space-y-2 pl-5">
        {sources.map((source) => (
          <li key={`${source.title}|${source.where}`}>
            <cite className="not-italic font-medium">{source.title}</cite>
            {' — '}
            {WEB_ADDRESS.test(source.where) ? (
              <a href={source.where} className="break-all underline underline-offset-2" rel="noreferrer">
                {source.where}
              </a>
            ) : (
              <span>{source.where}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
