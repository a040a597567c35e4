// Names shared by the config, the postgres project's web server and the specs (no imports,
// so the web server script loads nothing of Playwright's).

/** The Playwright project whose servers run on PostgreSQL (the other one is `sqlite`). */
export const POSTGRES_PROJECT = 'postgres'
export const SQLITE_PROJECT = 'sqlite'

/** The databases of the postgres project's shared web server, in the run's cluster. */
export const SHARED_APP_DATABASE = 'drill_e2e'
export const SHARED_PROVIDER_DATABASE = 'drill_e2e_provider'
