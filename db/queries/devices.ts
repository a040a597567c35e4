// Link codes and linked devices (lib/devices). Queries only; the use cases own the transactions.
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

export interface LinkCodeRecord {
  id: number
  learnerId: string
  codeHash: string
  createdAtMs: number
  expiresAtMs: number
  usedAtMs: number | null
}

export interface DeviceRecord {
  id: string
  learnerId: string
  label: string
  linkedAtMs: number
}

function prepareDeviceQueries(sqlite: Sqlite) {
  const statements = {
    insertCode: sqlite.prepare(
      `INSERT INTO link_codes (learner_id, code_hash, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?) RETURNING id`,
    ),
    codesSince: sqlite.prepare(
      `SELECT id, learner_id AS learnerId, code_hash AS codeHash, created_at_ms AS createdAtMs,
         expires_at_ms AS expiresAtMs, used_at_ms AS usedAtMs FROM link_codes WHERE created_at_ms >= ?`,
    ),
    useCode: sqlite.prepare(`UPDATE link_codes SET used_at_ms = ? WHERE id = ? AND used_at_ms IS NULL`),
    dropCodesBefore: sqlite.prepare(`DELETE FROM link_codes WHERE created_at_ms < ?`),
    upsertDevice: sqlite.prepare(
      `INSERT INTO devices (id, learner_id, label, linked_at_ms) VALUES (@id, @learnerId, @label, @linkedAtMs)
       ON CONFLICT (id) DO UPDATE SET learner_id = excluded.learner_id, label = excluded.label,
         linked_at_ms = excluded.linked_at_ms`,
    ),
    devicesOf: sqlite.prepare(
      `SELECT id, learner_id AS learnerId, label, linked_at_ms AS linkedAtMs FROM devices
       WHERE learner_id = ? ORDER BY linked_at_ms, id`,
    ),
    deviceById: sqlite.prepare(
      `SELECT id, learner_id AS learnerId, label, linked_at_ms AS linkedAtMs FROM devices WHERE id = ?`,
    ),
    deviceOf: sqlite.prepare(`SELECT 1 FROM devices WHERE id = ? AND learner_id = ?`),
    deleteDevice: sqlite.prepare(`DELETE FROM devices WHERE id = ? AND learner_id = ?`),
  }
  return {
    insertLinkCode(row: { learnerId: string; codeHash: string; createdAtMs: number; expiresAtMs: number }) {
      return (
        statements.insertCode.get(row.learnerId, row.codeHash, row.createdAtMs, row.expiresAtMs) as {
          id: number
        }
      ).id
    },
    /** Every code made since `sinceMs` (a handful: codes live minutes; older rows are dropped). */
    listLinkCodesSince({ sinceMs }: { sinceMs: number }): LinkCodeRecord[] {
      return statements.codesSince.all(sinceMs) as LinkCodeRecord[]
    },
    /** True for the one caller that uses the code first. */
    claimLinkCode({ id, nowMs }: { id: number; nowMs: number }): boolean {
      return statements.useCode.run(nowMs, id).changes === 1
    },
    deleteLinkCodesCreatedBefore({ beforeMs }: { beforeMs: number }): void {
      statements.dropCodesBefore.run(beforeMs)
    },
    saveDevice(device: DeviceRecord): void {
      statements.upsertDevice.run(device)
    },
    listDevicesByLearnerId({ learnerId }: { learnerId: string }): DeviceRecord[] {
      return statements.devicesOf.all(learnerId) as DeviceRecord[]
    },
    getDeviceById({ deviceId }: { deviceId: string }): DeviceRecord | undefined {
      return statements.deviceById.get(deviceId) as DeviceRecord | undefined
    },
    isDeviceOfLearner({ deviceId, learnerId }: { deviceId: string; learnerId: string }): boolean {
      return statements.deviceOf.get(deviceId, learnerId) !== undefined
    },
    deleteDevice({ deviceId, learnerId }: { deviceId: string; learnerId: string }): boolean {
      return statements.deleteDevice.run(deviceId, learnerId).changes === 1
    },
  }
}

export const deviceQueries = perConnection(prepareDeviceQueries)
