// The README's curl walkthrough (between the api:start and api:end markers) run as written —
// every ```sh block in order, in one bash — against the production server, so the
// examples a newcomer follows cannot drift from what the API answers.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { expect, test } from '@playwright/test'

test('the curl walkthrough shows 201, replay, 409, 422, 402 and pending_unknown settling', async ({
  baseURL,
}) => {
  test.setTimeout(60_000)
  const readme = fs.readFileSync('README.md', 'utf8')
  const markdown = readme.slice(readme.indexOf('<!-- api:start'), readme.indexOf('<!-- api:end -->'))
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)
  expect(blocks.length).toBeGreaterThanOrEqual(8)
  const script = blocks.join('\n').replaceAll('http://localhost:3000', baseURL!)
  // Not `set -e`: the lost-response step makes curl give up on purpose (exit 28).
  const output = execFileSync('bash', ['-c', script], { encoding: 'utf8', timeout: 45_000 })

  // Bodies end without a newline, so a status line may follow one on the same line.
  const statuses = [...output.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))
  // create, replay, lost-then-retried, the race pair (either order), the held wait, 422, 402, 202, settled 201.
  expect(statuses.slice(0, 3)).toEqual([201, 201, 201])
  expect(statuses.slice(3, 5).sort()).toEqual([201, 409])
  expect(statuses.slice(5)).toEqual([201, 422, 402, 202, 201])
  expect(output.match(/^idempotent-replayed: true/gim)?.length).toBeGreaterThanOrEqual(4)
  expect(output).toContain('"state":"pending_unknown"')
  expect(output).toContain('"failureCode":"card_declined"')
  expect(output).toContain('/problems/idempotency-key-reused')
  expect(output).toMatch(/"apiKey":"sk_test_/)
})
