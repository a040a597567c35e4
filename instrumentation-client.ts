// Runs in the browser before the app's own code (Next's client instrumentation). Zod compiles a
// fast parser with `new Function` unless told not to, and probes for it first; under the pages'
// CSP (no 'unsafe-eval') that probe is reported as a violation even though zod catches it. Jitless,
// zod never probes nor compiles, so client code may import zod (lib/mock/phase-schema.ts is one
// schema shared by the browser and the route). Only zod's tiny config module is loaded here.
import { config } from 'zod/v4/core'

config({ jitless: true })
