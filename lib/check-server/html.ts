// `--html`: one self-contained page drawing each failing check's timeline as SVG (pure; every
// string escaped). Lanes as the sandbox draws them: client sky, server violet, provider amber.
import type { CheckResult, Report } from './types'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const LANES = { client: 220, server: 520, provider: 820 } as const
const TONE = { client: '#075985', server: '#5b21b6', provider: '#92400e' } as const

function svg(check: CheckResult): string {
  const rowH = 34
  const height = 60 + check.timeline.length * rowH
  const parts = [
    `<svg role="img" aria-label="Timeline of ${esc(check.id)}" viewBox="0 0 1000 ${height}" width="100%">`,
  ]
  for (const [lane, x] of Object.entries(LANES)) {
    parts.push(
      `<text x="${x}" y="20" text-anchor="middle" font-weight="600" fill="${TONE[lane as keyof typeof TONE]}">${lane}</text>`,
    )
    parts.push(`<line x1="${x}" x2="${x}" y1="30" y2="${height - 4}" stroke="#a1a1aa" stroke-width="1.5"/>`)
  }
  check.timeline.forEach((e, i) => {
    const y = 50 + i * rowH
    const x1 = LANES[e.from] ?? 220
    const x2 = LANES[e.to] ?? 520
    const dir = x2 > x1 ? 1 : -1
    parts.push(
      `<text x="6" y="${y + 4}" font-family="monospace" font-size="11" fill="#27272a">${e.atMs} ms</text>`,
    )
    parts.push(
      `<line x1="${x1}" y1="${y}" x2="${x2 - dir * 3}" y2="${y}" stroke="${e.from === 'provider' || e.to === 'provider' ? '#92400e' : '#52525b'}" stroke-width="1.6"/>`,
    )
    parts.push(`<path d="M${x2 - dir * 3} ${y} l${-dir * 8} -4 l0 8 Z" fill="#52525b"/>`)
    parts.push(
      `<text x="${(x1 + x2) / 2}" y="${y - 6}" text-anchor="middle" font-size="11" fill="#27272a">${esc(e.what.length > 70 ? `${e.what.slice(0, 70)}…` : e.what)}</text>`,
    )
  })
  parts.push('</svg>')
  return parts.join('')
}

export function reportHtml(report: Report): string {
  const items = report.checks
    .map((c) => {
      const head = `<li><strong>${esc(c.id)}</strong>: ${esc(c.verdict)}${c.violation ? ` — ${esc(c.violation)}` : ''}${c.invariant ? ` (${esc(c.invariant)} ${esc(c.invariantName ?? '')})` : ''}<p>${esc(c.reason)}</p>`
      return c.verdict === 'fail' ? `${head}<figure>${svg(c)}</figure></li>` : `${head}</li>`
    })
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Drill check of ${esc(report.target)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:1040px;margin:2rem auto;color:#18181b}li{margin:1rem 0}figure{margin:0;border:1px solid #e4e4e7;border-radius:.5rem;padding:.5rem}</style>
</head><body><h1>Drill check of ${esc(report.target)}</h1><p>Seed ${report.seed}: the same seed gives the same schedule.</p><ol>
${items}
</ol></body></html>\n`
}
