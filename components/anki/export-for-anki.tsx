'use client'
// "Export for Anki" beside an own deck on /settings: downloads the deck as an .apkg
// from GET /api/own-cards/export-anki?deck=<name>. A button (it sits in the settings
// form and must not submit it); its description names the deck for screen readers.
import { Button } from '../ui/button'

export function exportAnkiHref(deckName: string): string {
  return `/api/own-cards/export-anki?deck=${encodeURIComponent(deckName)}`
}

export function ExportForAnki({ deckId, deckName }: { deckId: string; deckName: string }) {
  return (
    <Button
      size="xs"
      waitsForHydration
      aria-describedby={`deck-${deckId}-label`}
      onClick={() => window.location.assign(exportAnkiHref(deckName))}
      className="ml-auto"
    >
      Export for Anki
    </Button>
  )
}
