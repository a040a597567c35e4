// The field's thesaurus: one list of words that mean the same thing to the grader, shared by every card.
// A rubric phrase names an entry with `@name` ("@store the @key" hears "reserve the dedupe token"), and a
// point without a rubric is heard from its own text through these entries ("the claim carries a lease"
// hears "the in-progress row gets a deadline").
//
// How to review it (no code needed): each entry is `name: { say: [...] }`; every phrase in `say` is taken
// to mean the same as every other. Words are matched on their stems ("stored", "stores", "storing" are one),
// with up to three filler words between the words of a phrase. `common: true` marks words nearly every
// answer says (they count for less when a point is heard from its text). `step` marks actions whose
// order matters (store before charge): only these order a point's steps, and a recognizer slip never makes one.
// An entry may be wrong for a field you know: say so in review, not by adding a near-synonym that is not one
// ("heartbeat" is no lease: a heartbeat without a takeover still blocks).

export interface ThesaurusEntry {
  readonly say: readonly string[]
  readonly common?: boolean
  /** An action whose order matters, and its family: `persist` (store, claim) or `effect` (charge, call, work). */
  readonly step?: 'persist' | 'effect' | 'ack'
}

export const THESAURUS = {
  // ——— payments and idempotency ———
  provider: {
    common: true,
    say: [
      'provider',
      'payment provider',
      'psp',
      'stripe',
      'adyen',
      'braintree',
      'paypal',
      'processor',
      'payment processor',
      'card processor',
      'card network',
      'gateway',
      'payment gateway',
      'acquirer',
      'payment service',
      'bank',
    ],
  },
  charge: {
    step: 'effect',
    say: [
      'charge',
      'bill',
      'debit',
      'take the money',
      'move the money',
      'money moves',
      'capture',
      'authorise',
      'authorize',
      'authorisation',
      'authorization',
    ],
  },
  call: {
    step: 'effect',
    say: [
      'call',
      'contact',
      'hit',
      'send',
      'ask',
      'request',
      'talk to',
      'go to',
      'reach out to',
      'go out to',
      'ring',
      'submit to',
    ],
  },
  store: {
    step: 'persist',
    say: [
      'store',
      'insert',
      'record',
      'write',
      'save',
      'persist',
      'put',
      'claim',
      'commit',
      'register',
      'add',
      'create',
      'reserve',
      'jot down',
      'lay down',
    ],
  },
  key: {
    common: true,
    say: [
      'key',
      'idempotency key',
      'uuid',
      'idempotency token',
      'dedupe token',
      'dedup token',
      'dedupe key',
      'dedup key',
      'idempotency record',
      'idempotency slot',
      'request id',
    ],
  },
  work: { step: 'effect', say: ['any work', 'the work', 'do the work', 'side effect', 'work starts'] },
  ack: {
    step: 'ack',
    say: ['acknowledge', 'ack', 'respond to the client', 'return success', 'reply to the client'],
  },
  row: { common: true, say: ['row', 'record', 'entry', 'ledger entry', 'table entry', 'slot'] },
  claim: {
    step: 'persist',
    say: ['claim', 'reserve', 'take the key', 'lock the key', 'acquire', 'grab the key', 'own the key'],
  },
  unique: {
    say: [
      'unique constraint',
      'unique index',
      'unique key',
      'primary key',
      'composite key',
      'composite primary key',
      'uniqueness',
      'unique',
      'uniqueness rule',
      'on conflict',
    ],
  },
  hash: { say: ['hash', 'fingerprint', 'digest', 'checksum', 'sha'] },
  body: { say: ['body', 'payload', 'request', 'parameters', 'params', 'amount', 'request body'] },
  account: { say: ['account', 'customer', 'tenant', 'user', 'merchant', 'shopper'] },
  response: {
    say: ['response', 'result', 'outcome', 'reply', 'status code', 'answer', 'receipt', 'saved reply'],
  },
  fresh: { say: ['new', 'fresh', 'different', 'another', 'second', 'brand new', 'random'] },
  forever: {
    say: [
      'forever',
      'indefinitely',
      'without end',
      'never end',
      'no end',
      'for good',
      'endlessly',
      'as long as it takes',
      'however long',
      'without limit',
      'no limit',
      'unbounded',
      'for always',
      'no deadline',
    ],
  },
  twice: {
    say: ['twice', 'a second time', 'again', 'double', 'two times', 'second charge', 'double charge'],
  },
  inprogress: {
    say: [
      'in progress',
      'in flight',
      'inflight',
      'still running',
      'running',
      'started',
      'pending',
      'in_progress',
      'underway',
    ],
  },
  lease: {
    say: [
      'lease',
      'deadline',
      'valid until',
      'expiry time',
      'expires at',
      'expires_at',
      'time limit',
      'timeout on the claim',
      'lock timeout',
    ],
  },
  takeover: {
    say: [
      'take over',
      'takeover',
      'steal',
      'adopt',
      'reclaim',
      'take the claim',
      'pick up',
      'recover',
      'resume',
    ],
  },
  ttl: {
    say: [
      'ttl',
      'time to live',
      'expire',
      'expiry',
      'expiration',
      'retention',
      'purge',
      'clean up',
      'cleanup',
      'garbage collect',
    ],
  },
  retry: {
    common: true,
    say: ['retry', 'resend', 'resubmit', 'duplicate', 'dupe', 'repeat', 'second request', 'second attempt'],
  },
  reject: { say: ['422', 'unprocessable', 'reject', 'refuse', 'bounce'] },
  conflict: { say: ['409', 'conflict', 'retry after', 'retry-after', 'come back later', 'try later'] },
  wait: { say: ['wait', 'hold', 'block', 'poll', 'sit tight', 'park', 'latch onto', 'hang on'] },
  transaction: {
    say: [
      'transaction',
      'txn',
      'one commit',
      'single commit',
      'atomically',
      'same transaction',
      'single transaction',
      'unit of work',
    ],
  },
  rollback: { say: ['rollback', 'roll back', 'abort', 'undo', 'revert'] },
  timeout: { say: ['timeout', 'time out', 'timed out', 'no answer'] },
  unknown: {
    say: [
      'unknown',
      'pending unknown',
      'indeterminate',
      'in limbo',
      'third state',
      'do not know yet',
      'not knowing',
    ],
  },
  lookup: {
    say: [
      'look up',
      'lookup',
      'query',
      'status enquiry',
      'status inquiry',
      'webhook',
      'reconcile',
      'reconciliation',
      'poll',
    ],
  },
  // ——— the wider field (other decks' cards are heard from their text through these) ———
  server: { common: true, say: ['server', 'node', 'machine', 'instance', 'host', 'box', 'worker'] },
  database: { common: true, say: ['database', 'db', 'datastore', 'data store', 'storage'] },
  cache: { say: ['cache', 'cached', 'memoize', 'redis', 'memcached'] },
  evict: { say: ['evict', 'eviction', 'lru', 'least recently used', 'drop'] },
  invalidate: { say: ['invalidate', 'invalidation', 'bust', 'purge'] },
  stale: { say: ['stale', 'out of date', 'outdated', 'old data', 'lag', 'lagging', 'behind'] },
  replica: { say: ['replica', 'follower', 'secondary', 'slave', 'read replica', 'copy'] },
  leader: { say: ['leader', 'primary', 'master', 'coordinator'] },
  partition: { say: ['partition', 'shard', 'split', 'bucket'] },
  hotkey: { say: ['hot key', 'hot spot', 'hotspot', 'hot partition', 'celebrity', 'skew'] },
  queue: { say: ['queue', 'log', 'topic', 'stream', 'kafka'] },
  consumer: { say: ['consumer', 'subscriber', 'reader'] },
  producer: { say: ['producer', 'publisher', 'writer'] },
  offset: { say: ['offset', 'cursor', 'position', 'sequence number'] },
  latency: { say: ['latency', 'delay', 'response time', 'round trip'] },
  throughput: { say: ['throughput', 'qps', 'rps', 'requests per second', 'queries per second'] },
  ratelimit: { say: ['rate limit', 'throttle', 'throttling', 'rate limiter'] },
  backoff: { say: ['backoff', 'back off', 'exponential backoff', 'jitter'] },
  breaker: { say: ['circuit breaker', 'breaker', 'trip', 'fail fast'] },
  quorum: { say: ['quorum', 'majority'] },
  fencing: { say: ['fencing token', 'fencing', 'epoch', 'term', 'generation number'] },
  heartbeat: { say: ['heartbeat', 'keepalive', 'keep alive', 'ping'] },
  failover: { say: ['failover', 'fail over', 'promote', 'election', 'elect'] },
  balancer: { say: ['load balancer', 'balancer', 'lb', 'reverse proxy'] },
  ring: { say: ['consistent hashing', 'hash ring', 'ring', 'virtual node', 'vnode'] },
  index: { say: ['index', 'b tree', 'btree', 'lsm', 'lsm tree', 'sstable'] },
  wal: { say: ['write ahead log', 'wal', 'redo log', 'commit log', 'journal'] },
  lock: { say: ['lock', 'mutex', 'latch'] },
  isolation: { say: ['isolation', 'serializable', 'snapshot', 'repeatable read', 'read committed'] },
  edge: { say: ['cdn', 'edge', 'edge cache', 'pop', 'point of presence'] },
  origin: { say: ['origin', 'origin server', 'backend'] },
} satisfies Record<string, ThesaurusEntry>

export type ThesaurusName = keyof typeof THESAURUS

/**
 * A speech recognizer's slips for the field's words, written as heard → meant. Applied before anything is
 * matched, only where the heard words stand together; `unlessNext` keeps a real word real ("striped across
 * disks"). A slip never yields a negation or an order word, so it cannot reorder or deny a step.
 */
export const SLIPS: readonly { heard: string; meant: string; unlessNext?: readonly string[] }[] = [
  { heard: 'item potency', meant: 'idempotency' },
  { heard: 'idem potency', meant: 'idempotency' },
  { heard: 'i dem potency', meant: 'idempotency' },
  { heard: 'item potent', meant: 'idempotent' },
  { heard: 'idem potent', meant: 'idempotent' },
  { heard: 'idempotence', meant: 'idempotency' },
  { heard: 'roe', meant: 'row' },
  { heard: 'rose', meant: 'rows', unlessNext: ['to', 'by', 'up', 'from'] },
  { heard: 'striped', meant: 'stripe', unlessNext: ['across', 'over', 'on', 'data', 'volume', 'disks'] },
  { heard: 'strike', meant: 'stripe', unlessNext: ['that', 'it', 'this'] },
  { heard: 'web hook', meant: 'webhook' },
  { heard: 'time stamp', meant: 'timestamp' },
  { heard: 'you you id', meant: 'uuid' },
  { heard: 'u u i d', meant: 'uuid' },
  { heard: 'tee tee ell', meant: 'ttl' },
  { heard: 't t l', meant: 'ttl' },
  { heard: 'p s p', meant: 'psp' },
  { heard: 'pee ess pee', meant: 'psp' },
  { heard: 'a dyen', meant: 'adyen' },
  { heard: 'add yen', meant: 'adyen' },
  { heard: 'pay pal', meant: 'paypal' },
  { heard: 'in flights', meant: 'in flight' },
  { heard: 'post gres', meant: 'postgres' },
  { heard: 'cue', meant: 'queue' },
  { heard: 'cues', meant: 'queues' },
  { heard: 'shared key', meant: 'shard key' },
]

/**
 * "for twenty two" is "four twenty two" only where it reads as one of these status codes and is not a
 * duration ("for twenty four hours" stays a duration).
 */
export const STATUS_CODES_SAID_WITH_FOR = new Set([
  '400',
  '401',
  '403',
  '404',
  '409',
  '410',
  '412',
  '422',
  '429',
])
export const DURATION_UNITS = new Set([
  'hour',
  'hours',
  'day',
  'days',
  'minute',
  'minutes',
  'second',
  'seconds',
  'ms',
  'millisecond',
  'milliseconds',
  'week',
  'weeks',
  'h',
  's',
  'year',
  'years',
  'percent',
])
