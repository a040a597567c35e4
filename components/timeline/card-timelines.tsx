// Placeholder until the sandbox work draws the card's timelines from engine traces.
export function CardTimelines({ scenarioIds }: { scenarioIds: string[] }) {
  if (scenarioIds.length === 0) return null
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      Timelines for this card ({scenarioIds.join(', ')}) are not drawn yet.
    </p>
  )
}
