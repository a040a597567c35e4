'use client'
// "Export for Anki" beside an own deck on /settings: downloads the deck as an .apkg
// from GET /api/own-cards/export-anki?deck=<name>. A button (it sits in the settings
// form and must not submit it); its description names the deck for screen readers.
import { ReadyButton } from '../ready-controls'

export function exportAnkiHref(deckName: string): string {
  return `/api/own-cards/export-anki?deck=${encodeURIComponent(deckName)}`
}

export function ExportForAnki({ deckId, deckName }: { deckId: string; deckName: string }) {
  return (
    <ReadyButton
      type="button"
      aria-describedby={`deck-${deckId}-label`}
      onClick={() => window.location.assign(exportAnkiHref(deckName))}
      className="ml-auto rounded-md border border-zinc-300 px-2 py-0.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      Export for Anki
    </ReadyButton>
  )
}
