// An Anki field's HTML → what Drill stores: sounds and LaTeX kept as text with a
// note (Drill plays and typesets neither), images pointed at Drill's own media
// route, and the result through the one sanitizer (lib/content/markdown).
import { ankiHtmlToHtml } from '@/lib/content/markdown'

const SOUND = /\[sound:([^\]\s][^\]]*)\]/g
const LATEX = /\[latex\]|\[\$\$?\]|\\\(|\\\[/i

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

export const SOUND_NOTE = 'not played in Drill'
export const LATEX_NOTE = 'LaTeX is shown as source: Drill does not typeset it.'

/** The image file names a field shows (as Anki names them: the media map's keys). */
export function imageNamesIn(html: string): string[] {
  if (!/<img/i.test(html)) return []
  const names: string[] = []
  ankiHtmlToHtml(html, {
    mediaUrl: (name) => {
      names.push(name)
      return null
    },
  })
  return names
}

export function fieldToStoredHtml(html: string, mediaUrl: (name: string) => string | null): string {
  let text = html.replace(SOUND, (_, name: string) => `[sound: ${escapeText(name.trim())} — ${SOUND_NOTE}]`)
  if (LATEX.test(text) && !text.includes(LATEX_NOTE)) text += `\n<p><em>${LATEX_NOTE}</em></p>`
  return ankiHtmlToHtml(text, { mediaUrl }).trim()
}
