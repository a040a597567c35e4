// The sandbox's calls to its own API. Expected failures come back as values with the
// problem's sentence, never as thrown errors the UI would have to guess at.
import type { AnyScenario, LeaseConfig, ProtocolId, Scenario } from '@/lib/engine/client'
import type { ChaosBatch, CompareRuns, SandboxRun } from '@/lib/sandbox/types'

export type ApiResult<T> = { ok: true; value: T } | { ok: false; message: string }

async function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<ApiResult<T>> {
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    })
  } catch {
    return {
      ok: false,
      message: 'The sandbox server could not be reached. Check the connection and try again.',
    }
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const detail =
      payload && typeof payload === 'object' && 'detail' in payload
        ? String((payload as { detail: unknown }).detail)
        : ''
    return { ok: false, message: detail || `The sandbox answered ${response.status}.` }
  }
  return { ok: true, value: payload as T }
}

export const runScenarioApi = <S extends AnyScenario>(scenario: S, signal?: AbortSignal) =>
  post<SandboxRun<S>>('/api/sandbox/run', { scenario }, signal)
export const compareApi = <S extends AnyScenario>(scenario: S, other: S, signal?: AbortSignal) =>
  post<CompareRuns<S>>('/api/sandbox/compare', { scenario, other }, signal)

/** A chaos batch; `protocol` (payments when absent) picks the schedules and the config's shape. */
export type ChaosInput =
  | { seed: number; from: number; count: number; config: Scenario['config']; protocol?: 'payments' }
  | { seed: number; from: number; count: number; config: Partial<LeaseConfig>; protocol: 'lease' }

export const chaosApi = <S extends AnyScenario>(input: ChaosInput & { protocol?: ProtocolId }) =>
  post<ChaosBatch<S>>('/api/sandbox/chaos', input)
