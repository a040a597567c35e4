// Placeholder for a page whose issue has not landed yet: says so plainly.
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section aria-labelledby="coming-soon-title" className="max-w-2xl">
      <h1 id="coming-soon-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">{what}</p>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">This page is not built yet.</p>
    </section>
  )
}
