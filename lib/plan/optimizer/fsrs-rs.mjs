// fsrs-rs's Node binding, loaded straight from its prebuilt platform package. The umbrella
// package (@open-spaced-repetition/binding 0.5.0) lists optional platform packages that were
// never published at 0.5.0, so npm leaves them out of the lock and `npm ci` then refuses the
// lock. Drill depends (optionally) on the one build its machines run, linux x64 glibc; where
// it is absent the import throws and the optimizer answers that it is unavailable.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const native = require('@open-spaced-repetition/binding-linux-x64-gnu')

export const { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } = native
