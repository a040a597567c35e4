// Link codes and linked devices (lib/devices). Queries only; the use cases own the transactions.
import type { Db } from '../sql/db'
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

function prepareDeviceQueries(db: Db) {
  const statements = {
    insertCode: `INSERT INTO link_codes (learner_id, code_hash, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?) RETURNING id`,
    codesSince: `SELECT id, learner_id AS learnerId, code_hash AS codeHash, created_at_ms AS createdAtMs,
         expires_at_ms AS expiresAtMs, used_at_ms AS usedAtMs FROM link_codes WHERE created_at_ms >= ?`,
    useCode: `UPDATE link_codes SET used_at_ms = ? WHERE id = ? AND used_at_ms IS NULL`,
    dropCodesBefore: `DELETE FROM link_codes WHERE created_at_ms < ?`,
    upsertDevice: `INSERT INTO devices (id, learner_id, label, linked_at_ms) VALUES (@id, @learnerId, @label, @linkedAtMs)
       ON CONFLICT (id) DO UPDATE SET learner_id = excluded.learner_id, label = excluded.label,
         linked_at_ms = excluded.linked_at_ms`,
    devicesOf: `SELECT id, learner_id AS learnerId, label, linked_at_ms AS linkedAtMs FROM devices
       WHERE learner_id = ? ORDER BY linked_at_ms, id`,
    deviceById: `SELECT id, learner_id AS learnerId, label, linked_at_ms AS linkedAtMs FROM devices WHERE id = ?`,
    deviceOf: `SELECT 1 FROM devices WHERE id = ? AND learner_id = ?`,
    deleteDevice: `DELETE FROM devices WHERE id = ? AND learner_id = ?`,
  }
  return {
    async insertLinkCode(row: {
      learnerId: string
      codeHash: string
      createdAtMs: number
      expiresAtMs: number
    }) {
      return (
        (await db.get(
          statements.insertCode,
          row.learnerId,
          row.codeHash,
          row.createdAtMs,
          row.expiresAtMs,
        )) as {
          id: number
        }
      ).id
    },
    /** Every code made since `sinceMs` (a handful: codes live minutes; older rows are dropped). */
    async listLinkCodesSince({ sinceMs }: { sinceMs: number }): Promise<LinkCodeRecord[]> {
      return (await db.all(statements.codesSince, sinceMs)) as LinkCodeRecord[]
    },
    /** True for the one caller that uses the code first. */
    async claimLinkCode({ id, nowMs }: { id: number; nowMs: number }): Promise<boolean> {
      return (await db.run(statements.useCode, nowMs, id)).changes === 1
    },
    async deleteLinkCodesCreatedBefore({ beforeMs }: { beforeMs: number }): Promise<void> {
      await db.run(statements.dropCodesBefore, beforeMs)
    },
    async saveDevice(device: DeviceRecord): Promise<void> {
      await db.run(statements.upsertDevice, device)
    },
    async listDevicesByLearnerId({ learnerId }: { learnerId: string }): Promise<DeviceRecord[]> {
      return (await db.all(statements.devicesOf, learnerId)) as DeviceRecord[]
    },
    async getDeviceById({ deviceId }: { deviceId: string }): Promise<DeviceRecord | undefined> {
      return (await db.get(statements.deviceById, deviceId)) as DeviceRecord | undefined
    },
    async isDeviceOfLearner({
      deviceId,
      learnerId,
    }: {
      deviceId: string
      learnerId: string
    }): Promise<boolean> {
      return (await db.get(statements.deviceOf, deviceId, learnerId)) !== undefined
    },
    async deleteDevice({ deviceId, learnerId }: { deviceId: string; learnerId: string }): Promise<boolean> {
      return (await db.run(statements.deleteDevice, deviceId, learnerId)).changes === 1
    },
  }
}

export const deviceQueries = perConnection(prepareDeviceQueries)
