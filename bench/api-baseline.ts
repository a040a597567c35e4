// The `bench:api` baseline, a server of the benchmark's own (never part of the app): a
// bare node:http server that takes a POST body and writes it with one durable
// better-sqlite3 insert on a database opened as the app opens its own (db/open: WAL,
// durable commits), then answers 201 with the row's id. bench/api.ts starts it as a
// child process (its own CPU, like the app server) with BASELINE_DB and BASELINE_PORT,
// and waits for the line `baseline listening on <port>`.
import http from 'node:http'
import { openSqlite } from '../db/open'

const dbPath = process.env.BASELINE_DB
const port = Number(process.env.BASELINE_PORT ?? 0)
if (!dbPath) throw new Error('BASELINE_DB names the baseline database file')

const db = openSqlite(dbPath)
db.exec(
  'CREATE TABLE IF NOT EXISTS bench_inserts (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL)',
)
const insert = db.prepare('INSERT INTO bench_inserts (body, created_at_ms) VALUES (?, ?) RETURNING id')

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405).end()
    return
  }
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const { id } = insert.get(Buffer.concat(chunks).toString('utf8'), Date.now()) as { id: number }
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }))
  })
})

server.listen(port, '127.0.0.1', () => {
  const address = server.address()
  console.log(`baseline listening on ${typeof address === 'object' && address ? address.port : port}`)
})

const stop = () => server.close(() => db.close())
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
