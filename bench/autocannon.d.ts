// The part of autocannon 8's API that bench/api.ts and bench/scale.ts use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface RawRequest {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
    }
    interface Request extends RawRequest {
      setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest
    }
    interface Options {
      url: string
      method?: string
      headers?: Record<string, string>
      body?: string
      connections?: number
      duration?: number
      requests?: Request[]
      /** Called per connection; its client emits 'response' (status, bytes, latency ms) per answer. */
      setupClient?: (client: Client) => void
    }
    interface Client {
      on(event: 'response', listener: (status: number, bytes: number, latencyMs: number) => void): void
    }
    interface Histogram {
      average: number
      mean: number
      min: number
      max: number
      p50: number
      p90: number
      p99: number
    }
    interface Result {
      duration: number
      latency: Histogram
      requests: Histogram
      errors: number
      timeouts: number
      non2xx: number
      '2xx': number
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>
  export default autocannon
}
