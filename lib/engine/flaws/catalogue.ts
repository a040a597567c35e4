// The classic mistakes as a learner meets them: each flaw's id, the name its switch shows,
// a one-line hint, and the canonical scenario (content/scenarios/<id>.json) whose run it
// breaks. Import-free, so the browser can read it (lib/engine/client.ts): the sandbox's
// switches and the drills' option labels both come from here. The order is the engine's
// order (FLAWS) and the order the switches are listed in.
//
// A new flaw is one row here plus one module flaws/<id>.ts, registered in flaws/index.ts.

export interface FlawEntry<Id extends string = string> {
  id: Id
  /** The switch's visible name ("Charge before insert"); also names the flaw in drill options. */
  label: string
  /** One sentence under the switch: what the engine does differently. */
  hint: string
  /** A canonical scenario that breaks an invariant with only this flaw on, and none without it. */
  scenario: string
}

export const FLAW_CATALOGUE = [
  {
    id: 'charge-before-insert',
    label: 'Charge before insert',
    hint: 'Call the provider first and store the key afterwards (store-after-charge).',
    scenario: 'store-after-charge',
  },
  {
    id: 'select-then-insert',
    label: 'Select then insert',
    hint: 'Look for the key, then insert it: two requests can both see nothing.',
    scenario: 'select-then-insert-race',
  },
  {
    id: 'no-body-check',
    label: 'Skip the body check',
    hint: 'Ignore the body hash, so a reused key replays for a different body.',
    scenario: 'body-mismatch',
  },
  {
    id: 'global-scope',
    label: 'Global key scope',
    hint: 'Scope keys globally instead of per account.',
    scenario: 'account-scope',
  },
  {
    id: 'no-provider-key',
    label: 'No provider key',
    hint: 'Call the provider without our own idempotency key.',
    scenario: 'provider-timeout',
  },
  {
    id: 'split-commit',
    label: 'Split commit',
    hint: 'Write the payment row and complete the key in separate transactions.',
    scenario: 'lost-response',
  },
  {
    id: 'no-lease',
    label: 'No lease',
    hint: 'An in_progress row is waited on forever, even after a crash.',
    scenario: 'crash-in-progress',
  },
  {
    id: 'serial-recovery',
    label: 'Serial recovery',
    hint: 'Lease recovery re-drives stuck keys one after another, so the last waits for all the others.',
    scenario: 'crash-many-in-flight',
  },
] as const satisfies readonly FlawEntry[]

type IdsOf<Rows extends readonly FlawEntry[]> = { readonly [I in keyof Rows]: Rows[I]['id'] }

/**
 * The flaw ids in catalogue order (the tuple zod's enum and the `Flaw` type are built from).
 * Marked pure so a client bundle that never reads it can leave this module out.
 */
export const FLAWS = /* @__PURE__ */ FLAW_CATALOGUE.map((row) => row.id) as unknown as IdsOf<
  typeof FLAW_CATALOGUE
>
export type Flaw = (typeof FLAWS)[number]

/** A flaw's catalogue row. */
export function flawEntry(flaw: Flaw): FlawEntry<Flaw> {
  return FLAW_CATALOGUE.find((row) => row.id === flaw)!
}
