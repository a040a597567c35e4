// Why an Anki file was refused: said in one sentence that names the file, and
// whether it broke a rule of the format (400) or one of Drill's limits (422).
// Thrown inside the reader and the import's transaction, caught once at the top,
// so a refusal anywhere leaves nothing behind.

export type AnkiRefusalKind = 'invalid' | 'over-limit'

export class AnkiFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly kind: AnkiRefusalKind = 'invalid',
  ) {
    super(`${file}: ${reason}`)
    this.name = 'AnkiFileError'
  }
}

/** Shorthands for the two kinds, bound to one file name. */
export function refuserFor(file: string) {
  return {
    invalid: (reason: string) => new AnkiFileError(file, reason, 'invalid'),
    overLimit: (reason: string) => new AnkiFileError(file, reason, 'over-limit'),
  }
}
