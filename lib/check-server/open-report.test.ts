import { describe, expect, it } from 'vitest'
import { MAX_REPORT_BYTES, NOT_A_REPORT, openReport, reportFrom, unknownVersion } from './open-report'
import type { Report } from './types'

const report: Report = {
  version: 1,
  target: 'http://127.0.0.1:4000',
  seed: 7,
  checks: [
    {
      id: 'missing-key',
      verdict: 'pass',
      violation: null,
      invariant: null,
      invariantName: null,
      reason: 'no key → 400',
      timeline: [],
    },
    {
      id: 'changed-body',
      verdict: 'fail',
      violation: 'wrong-status',
      invariant: 'I8',
      invariantName: 'one key, one intent',
      reason: 'expected 422',
      timeline: [
        { atMs: 1, from: 'client', to: 'server', kind: 'request', what: 'POST /payments' },
        { atMs: 9, from: 'server', to: 'client', kind: 'response', status: 201, what: '201 {}' },
      ],
    },
  ],
}
const file = (text: string, size = new TextEncoder().encode(text).length) => ({
  size,
  text: async () => text,
})

describe('openReport', () => {
  it('opens a report as written by --json', async () => {
    await expect(openReport(file(JSON.stringify(report, null, 2)))).resolves.toEqual({ ok: true, report })
  })

  it('keeps only the report’s own fields', () => {
    const extra = { ...report, html: '<b>', checks: [{ ...report.checks[0], extra: 1 }] }
    expect(reportFrom(extra)).toEqual({ ok: true, report: { ...report, checks: [report.checks[0]] } })
  })

  it('refuses a file over 5 MB without reading it', async () => {
    let read = false
    const big = {
      size: MAX_REPORT_BYTES + 1,
      text: async () => {
        read = true
        return JSON.stringify(report)
      },
    }
    await expect(openReport(big)).resolves.toEqual({ ok: false, sentence: NOT_A_REPORT.tooBig })
    expect(read).toBe(false)
    await expect(openReport(file(JSON.stringify(report), MAX_REPORT_BYTES))).resolves.toMatchObject({
      ok: true,
    })
  })

  it('refuses a version it does not know, and a report with none, in one sentence', () => {
    expect(reportFrom({ ...report, version: 2 })).toEqual({ ok: false, sentence: unknownVersion(2) })
    expect(unknownVersion(2)).toBe(
      'That report is version 2 of the check:server format; this page reads version 1 only.',
    )
    const { version: _v, ...unversioned } = report
    expect(reportFrom(unversioned)).toEqual({ ok: false, sentence: NOT_A_REPORT.noVersion })
  })

  it('names the invariant as the engine does, whatever name the file gives it', () => {
    const renamed = { ...report, checks: [{ ...report.checks[1], invariantName: '<b>mine</b>' }] }
    expect(reportFrom(renamed)).toMatchObject({
      ok: true,
      report: { checks: [{ invariantName: 'one key, one intent' }] },
    })
  })

  it('says a file that is not JSON is not a report', async () => {
    await expect(openReport(file('<html>'))).resolves.toEqual({ ok: false, sentence: NOT_A_REPORT.notJson })
  })

  it.each([
    ['a list', [], 'the file is not an object'],
    ['no checks', { ...report, checks: [] }, 'checks is empty'],
    ['a seed that is text', { ...report, seed: '7' }, 'seed is not a whole number'],
    ['a target that is a number', { ...report, target: 1 }, 'target is not a string'],
    [
      'an unknown verdict',
      { ...report, checks: [{ ...report.checks[0], verdict: 'maybe' }] },
      'checks[0].verdict is not one of pass, fail, skipped',
    ],
    [
      'an unknown check',
      { ...report, checks: [{ ...report.checks[0], id: '<script>' }] },
      'checks[0].id is not one of missing-key, first-attempt',
    ],
    [
      'a violation that is a number',
      { ...report, checks: [{ ...report.checks[0], violation: 3 }] },
      'checks[0].violation is neither a string nor null',
    ],
    [
      'an unknown invariant',
      { ...report, checks: [{ ...report.checks[1], invariant: 'I9' }] },
      'checks[0].invariant is not one of I1, I2',
    ],
    [
      'a timeline event of no known kind (a report before typed events)',
      {
        ...report,
        checks: [
          { ...report.checks[1], timeline: [{ atMs: 1, from: 'client', to: 'server', what: 'POST' }] },
        ],
      },
      'checks[0].timeline[0].kind is not one of request, retry',
    ],
    [
      'a timeline event between unknown actors',
      {
        ...report,
        checks: [
          {
            ...report.checks[1],
            timeline: [{ atMs: 1, from: 'db', to: 'server', kind: 'request', what: '' }],
          },
        ],
      },
      'checks[0].timeline[0].from is not one of client, server, provider',
    ],
    [
      'a negative time',
      {
        ...report,
        checks: [
          {
            ...report.checks[1],
            timeline: [{ atMs: -1, from: 'client', to: 'server', kind: 'request', what: '' }],
          },
        ],
      },
      'checks[0].timeline[0].atMs is not a time in ms',
    ],
  ])('says where a report with %s breaks, in one sentence', (_name, value, where) => {
    const opened = reportFrom(value)
    expect(opened.ok).toBe(false)
    if (opened.ok) return
    expect(opened.sentence.startsWith(`${NOT_A_REPORT.wrongShape} ${where}`)).toBe(true)
    expect(opened.sentence.endsWith('.')).toBe(true)
  })
})
