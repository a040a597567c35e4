# A reference server for `npm run check:server`, Python 3 standard library only (the twin of
# node-server.mjs: same FLAW values, same answers). FLAW selects one classic mistake:
# charge-before-insert, select-then-insert, no-body-check, global-scope, no-provider-key,
# no-lease (unset: the correct server). State is a SQLite file (STATE_FILE) so a claim
# survives kill -9. Requests run on threads (ThreadingHTTPServer), so the claim is the
# database's: one INSERT OR IGNORE on a PRIMARY KEY — the unique constraint the Node
# server gets from running one callback at a time.
import hashlib
import json
import os
import sqlite3
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FLAW = os.environ.get("FLAW", "")
PORT = int(os.environ["PORT"])
PROVIDER_URL = os.environ["PROVIDER_URL"]
LEASE_MS = int(os.environ.get("LEASE_MS") or 5000)
STATE_FILE = os.environ.get("STATE_FILE") or os.path.join(
    tempfile.gettempdir(), f"drill-check-python-{PORT}.db"
)

# select-then-insert: the same table without the unique constraint on scope.
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS keys (
  scope TEXT NOT NULL{"" if FLAW == "select-then-insert" else " PRIMARY KEY"},
  hash TEXT NOT NULL,
  status TEXT NOT NULL,
  lease_until_ms INTEGER NOT NULL,
  provider_key TEXT NOT NULL,
  response_status INTEGER,
  response_body TEXT
);
CREATE TABLE IF NOT EXISTS payments (id INTEGER PRIMARY KEY AUTOINCREMENT, scope TEXT NOT NULL, charge TEXT NOT NULL);
"""
COLUMNS = "scope, hash, status, lease_until_ms, provider_key, response_status, response_body"


def connect():
    # Autocommit; the few multi-statement steps say BEGIN IMMEDIATE themselves.
    db = sqlite3.connect(STATE_FILE, timeout=10, isolation_level=None)
    db.row_factory = sqlite3.Row
    # WAL at NORMAL: a commit is in the OS's hands before the provider is called, so kill -9
    # loses nothing (only a power cut could); FULL would fsync every commit.
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def now_ms():
    return int(time.time() * 1000)


def scope_of(account, key):
    return key if FLAW == "global-scope" else f"{account}\u0000{key}"


def find(db, scope):
    return db.execute(f"SELECT rowid, {COLUMNS} FROM keys WHERE scope = ? ORDER BY rowid LIMIT 1", (scope,)).fetchone()


def fresh(scope, hash_):
    return {
        "scope": scope,
        "hash": hash_,
        "status": "in_progress",
        "lease_until_ms": now_ms() + LEASE_MS,
        "provider_key": f"pk_{uuid.uuid4()}",
    }


def insert(db, row, or_ignore=False):
    """The claim: True when this request's row went in (with the PRIMARY KEY, one winner)."""
    cur = db.execute(
        f"INSERT {'OR IGNORE ' if or_ignore else ''}INTO keys (scope, hash, status, lease_until_ms, provider_key)"
        " VALUES (:scope, :hash, :status, :lease_until_ms, :provider_key)",
        row,
    )
    return cur.rowcount == 1


def charge(provider_key, body):
    headers = {"content-type": "application/json"}
    if FLAW != "no-provider-key":
        headers["idempotency-key"] = provider_key
    data = json.dumps({"amount": body["amount"], "currency": body["currency"], "reference": body["orderId"]})
    request = urllib.request.Request(f"{PROVIDER_URL}/charges", data.encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as res:
            return json.loads(res.read()) if res.status == 201 else None
    except (urllib.error.URLError, OSError, ValueError):
        return None  # an error, a timeout or a dropped connection: the outcome is unknown


def drive(db, row, body):
    result = charge(row["provider_key"], body)
    if not result:
        # Unknown outcome: a retry re-drives under the same provider key.
        db.execute("UPDATE keys SET status = 'pending' WHERE scope = ? AND status = 'in_progress'", (row["scope"],))
        return 202, json.dumps({"status": "pending"})
    return complete(db, row, body, result)


def complete(db, row, body, result, claim=False):
    """The payment row, the stored answer and the completed key: one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if claim:
            insert(db, row, or_ignore=True)
        done = find(db, row["scope"])
        if done["status"] == "completed":
            db.execute("COMMIT")
            return done["response_status"], done["response_body"]
        payment_id = db.execute(
            "INSERT INTO payments (scope, charge) VALUES (?, ?)", (row["scope"], result["id"])
        ).lastrowid
        text = json.dumps(
            {
                "id": f"pay_{payment_id}",
                "status": "succeeded",
                "amount": body["amount"],
                "currency": body["currency"],
                "orderId": body["orderId"],
                "charge": result["id"],
            },
            separators=(",", ":"),
        )
        db.execute(
            "UPDATE keys SET status = 'completed', response_status = 201, response_body = ? WHERE scope = ?",
            (text, row["scope"]),
        )
        db.execute("COMMIT")
        return 201, text
    except BaseException:
        db.execute("ROLLBACK")
        raise


def answer_existing(db, existing, hash_, body):
    if FLAW != "no-body-check" and existing["hash"] != hash_:
        return 422, '{"error":"Idempotency-Key reused with another body"}'
    if existing["status"] == "completed":
        return existing["response_status"], existing["response_body"]
    expired = FLAW != "no-lease" and existing["lease_until_ms"] <= now_ms()
    if existing["status"] == "in_progress" and not expired:
        return 409, '{"error":"a request with this key is in flight"}'
    # Take over (pending, or a lease that ran out): one conditional UPDATE, one winner.
    lease_until_ms = now_ms() + LEASE_MS
    taken = db.execute(
        "UPDATE keys SET status = 'in_progress', lease_until_ms = ? WHERE scope = ? AND status = ? AND lease_until_ms = ?",
        (lease_until_ms, existing["scope"], existing["status"], existing["lease_until_ms"]),
    ).rowcount
    if taken != 1:
        return 409, '{"error":"a request with this key is in flight"}'
    return drive(db, dict(existing, lease_until_ms=lease_until_ms), body)


def payments(db, headers, raw):
    auth = headers.get("authorization") or ""
    account = auth[len("Bearer ") :] if auth.startswith("Bearer ") and len(auth) > len("Bearer ") else None
    if not account:
        return 401, '{"error":"Authorization: Bearer <account id> required"}'
    key = headers.get("idempotency-key")
    if not key:
        return 400, '{"error":"Idempotency-Key required"}'
    try:
        body = json.loads(raw)
    except ValueError:
        return 400, '{"error":"body is not JSON"}'
    amount = body.get("amount") if isinstance(body, dict) else None
    if (
        not isinstance(amount, int)
        or isinstance(amount, bool)
        or body.get("currency") != "USD"
        or not isinstance(body.get("orderId"), str)
    ):
        return 400, '{"error":"amount (integer), currency USD and orderId required"}'
    hash_ = hashlib.sha256(json.dumps([amount, body["currency"], body["orderId"]]).encode()).hexdigest()
    scope = scope_of(account, key)

    if FLAW == "charge-before-insert":
        # Look, charge, and only then write the key (completed, in one go): every request that
        # finds no row charges. (The Node twin re-drives under the stored row; same failures.)
        existing = find(db, scope)
        if existing:
            return answer_existing(db, existing, hash_, body)
        row = fresh(scope, hash_)
        result = charge(row["provider_key"], body)
        if not result:
            return 502, '{"error":"provider failed"}'
        return complete(db, row, body, result, claim=True)
    if FLAW == "select-then-insert":
        existing = find(db, scope)
        # The round trip between the SELECT and the INSERT, as in the Node twin: wide enough that all
        # ten duplicates fit in it on a loaded machine (a thread per request is slow to start).
        time.sleep(0.2)
        if not existing:
            row = fresh(scope, hash_)
            insert(db, row)
            return drive(db, row, body)
        return answer_existing(db, existing, hash_, body)
    row = fresh(scope, hash_)
    if insert(db, row, or_ignore=True):
        return drive(db, row, body)
    return answer_existing(db, find(db, scope), hash_, body)


class Handler(BaseHTTPRequestHandler):
    def reply(self, status, text):
        data = text.encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        if status == 409:
            self.send_header("retry-after", "1")
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        if self.path != "/payments":
            return self.reply(404, '{"error":"not found"}')
        db = connect()
        try:
            status, text = payments(db, self.headers, raw)
        finally:
            db.close()
        try:
            self.reply(status, text)
        except OSError:
            pass  # the client dropped the connection (lost-response): the answer is stored anyway

    def do_GET(self):
        self.reply(404, '{"error":"not found"}')

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    setup = connect()
    setup.execute("PRAGMA journal_mode = WAL")
    setup.executescript(SCHEMA)
    setup.close()
    server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
    server.daemon_threads = True
    server.serve_forever()
