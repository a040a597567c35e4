// Model answers are our own Markdown files (trusted content, not user input), so
// rendering them to HTML on the server is safe.
import { marked } from 'marked'

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true })
}
