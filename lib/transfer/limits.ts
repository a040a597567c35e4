// The import's size limit, in a module of its own so next.config.ts can read it
// without loading the database code.

/** The largest file we accept: years of daily reviews fit in a few MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024
