// The whole sandbox run — schedule, faults, seed, config — in one URL parameter, so a
// shared link replays identically. Server-side only (node:zlib): the run API encodes,
// the page decodes. Untrusted on the way in: size-capped before and after inflating,
// then validated by the engine's scenario schema (of the protocol the scenario names). Nothing from here is rendered as HTML.
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { type AnyScenario, type LeaseScenarioInput, parseAnyScenario, type ScenarioInput } from '@/lib/engine'

/** The URL parameter that carries the state. */
export const STATE_PARAM = 's'
const PREFIX = 'v1.'
/** Longest accepted parameter (browsers and servers handle ~8 KB URLs everywhere). */
export const MAX_STATE_CHARS = 6000
/** Longest accepted JSON once inflated: a deflate bomb stops here. */
export const MAX_STATE_JSON_BYTES = 64 * 1024

export type DecodeResult = { ok: true; scenario: AnyScenario } | { ok: false; message: string }

export function encodeState(scenario: ScenarioInput | LeaseScenarioInput | AnyScenario): string {
  const json = JSON.stringify(scenario)
  return PREFIX + deflateRawSync(Buffer.from(json, 'utf8'), { level: 9 }).toString('base64url')
}

export function decodeState(param: string): DecodeResult {
  if (param.length > MAX_STATE_CHARS) {
    return {
      ok: false,
      message: `The shared scenario is too long (${param.length} characters; at most ${MAX_STATE_CHARS}).`,
    }
  }
  if (!param.startsWith(PREFIX) || !/^[A-Za-z0-9_-]+$/.test(param.slice(PREFIX.length))) {
    return { ok: false, message: 'The shared scenario in this link is not in a format the sandbox knows.' }
  }
  let json: string
  try {
    json = inflateRawSync(Buffer.from(param.slice(PREFIX.length), 'base64url'), {
      maxOutputLength: MAX_STATE_JSON_BYTES,
    }).toString('utf8')
  } catch {
    return { ok: false, message: 'The shared scenario in this link is damaged or too large to open.' }
  }
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return { ok: false, message: 'The shared scenario in this link is not valid JSON.' }
  }
  const parsed = parseAnyScenario(value)
  if (!parsed.ok) {
    const listed = parsed.problems.slice(0, 3).join('; ')
    return {
      ok: false,
      message: `The shared scenario is not valid: ${listed}${parsed.problems.length > 3 ? '; …' : ''}`,
    }
  }
  return { ok: true, scenario: parsed.scenario }
}
