import Link from 'next/link'

export default function NotFound() {
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title" className="text-2xl font-bold">
        Not found
      </h1>
      <p className="mt-2">
        There is nothing here. Go back to{' '}
        <Link href="/cards" className="underline">
          the cards
        </Link>
        .
      </p>
    </section>
  )
}
