import {
  applyDeltasRevision,
  checkUndoTarget,
  replayRevisions,
  storesState,
  type ExpiryInterval,
  type RevisionBody,
  type RevisionKind,
  type StoredRevision,
} from '../model/sandbox/index.js';
import type { Problem } from '../model/index.js';
import { withTransaction, type Pool, type PoolClient } from './db.js';
import { rowReader } from './rows.js';

export interface SandboxRecord {
  id: string;
  account: string;
  creator: string;
  name: string;
  createdTime: Date;
  updatedTime: Date;
  latestRevision: number;
  activeRevision: number;
}

export interface RevisionRecord {
  revision: number;
  kind: RevisionKind;
  body: RevisionBody;
  tag: string | undefined;
  createdTime: Date;
}

/** A revision ready to append: snapshots are validated and canonical already; the rest need the current state. */
export type NewRevision =
  { kind: 'snapshot'; state: Problem } | { kind: 'deltas'; deltas: unknown[] } | { kind: 'undo_redo'; target: number };

export class SandboxNameTakenError extends Error {}

/** Channel for PostgreSQL NOTIFY: a new revision (or a deleted sandbox) publishes the sandbox id. */
export const sandboxChannel = 'wayplan_sandbox';

const columns = 'id, account, creator, name, created_time, updated_time, latest_revision, active_revision';
const now = "date_trunc('milliseconds', clock_timestamp())";
const uniqueViolation = '23505';

const toRecord = rowReader<SandboxRecord>(columns);
const revisionColumns = 'revision, kind, body, tag, created_time';
const revisionFromRow = rowReader<Omit<RevisionRecord, 'body'>>(revisionColumns);

/** A revision's body is JSON in a text column (kept byte for byte). */
function toRevision(row: Record<string, unknown>): RevisionRecord {
  return { ...revisionFromRow(row), body: JSON.parse(row.body as string) as RevisionBody };
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === uniqueViolation;
}

function revisionBody(revision: NewRevision): RevisionBody {
  switch (revision.kind) {
    case 'snapshot':
      return { snapshot: revision.state };
    case 'deltas':
      return { deltas: revision.deltas };
    case 'undo_redo':
      return { undo_redo_to_revision: revision.target };
  }
}

/** Sandboxes and their append-only revisions. Access rules are the caller's: this store trusts its ids. */
export class SandboxStore {
  constructor(private readonly pool: Pool) {}

  /** A new sandbox whose revision 0 is a snapshot of `state` (canonical already). */
  async create(sandbox: { id: string; account: string; creator: string; name: string; state: Problem }): Promise<SandboxRecord> {
    const state = JSON.stringify(sandbox.state);
    try {
      return await withTransaction(this.pool, async (client) => {
        const row = await client.query(
          `INSERT INTO sandboxes(id, account, creator, name, latest_state) VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
          [sandbox.id, sandbox.account, sandbox.creator, sandbox.name, state],
        );
        const record = toRecord(row.rows[0]);
        await client.query(
          `INSERT INTO sandbox_revisions(sandbox_id, revision, kind, body, created_time) VALUES ($1, 0, 'snapshot', $2, $3)`,
          [sandbox.id, JSON.stringify(revisionBody({ kind: 'snapshot', state: sandbox.state })), record.createdTime],
        );
        return record;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new SandboxNameTakenError(`a sandbox named ${sandbox.name} exists`);
      throw err;
    }
  }

  async get(id: string): Promise<SandboxRecord | undefined> {
    const row = await this.pool.query(`SELECT ${columns} FROM sandboxes WHERE id = $1`, [id]);
    return row.rows[0] ? toRecord(row.rows[0]) : undefined;
  }

  /** The account's sandboxes this user can see: all for the owner, else created by or granted to them. */
  async listVisible(account: string, user: string, isOwner: boolean): Promise<SandboxRecord[]> {
    const rows = await this.pool.query(
      `SELECT ${columns} FROM sandboxes s
        WHERE account = $1 AND ($3 OR creator = $2 OR EXISTS (
          SELECT 1 FROM sandbox_grants g WHERE g.sandbox_id = s.id AND (g.subuser IS NULL OR g.subuser = $2)))
        ORDER BY created_time, id`,
      [account, user, isOwner],
    );
    return rows.rows.map(toRecord);
  }

  /** The latest state with the metadata it belongs to, read in one statement. */
  async latest(id: string): Promise<{ sandbox: SandboxRecord; state: string } | undefined> {
    const row = await this.pool.query(`SELECT ${columns}, latest_state FROM sandboxes WHERE id = $1`, [id]);
    return row.rows[0] ? { sandbox: toRecord(row.rows[0]), state: row.rows[0].latest_state as string } : undefined;
  }

  async rename(id: string, name: string): Promise<void> {
    try {
      await this.pool.query(`UPDATE sandboxes SET name = $2, updated_time = ${now}, last_activity_time = clock_timestamp() WHERE id = $1`, [
        id,
        name,
      ]);
    } catch (err) {
      if (isUniqueViolation(err)) throw new SandboxNameTakenError(`a sandbox named ${name} exists`);
      throw err;
    }
  }

  async setExpiry(id: string, expiry: ExpiryInterval): Promise<void> {
    await this.pool.query('UPDATE sandboxes SET expiry = $2, last_activity_time = clock_timestamp() WHERE id = $1', [id, expiry]);
  }

  /** Records activity for expiry; a minute's precision is plenty, so busy readers do not write on every read. */
  async touch(id: string): Promise<void> {
    await this.pool.query(
      `UPDATE sandboxes SET last_activity_time = clock_timestamp() WHERE id = $1 AND last_activity_time < clock_timestamp() - interval '1 minute'`,
      [id],
    );
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.pool.query('WITH d AS (DELETE FROM sandboxes WHERE id = $1 RETURNING id) SELECT pg_notify($2, id) FROM d', [
      id,
      sandboxChannel,
    ]);
    return (deleted.rowCount ?? 0) > 0;
  }

  /** Deletes the sandboxes inactive for longer than their expiry interval; returns how many. */
  async deleteExpired(): Promise<number> {
    const deleted = await this.pool.query(
      `WITH d AS (
         DELETE FROM sandboxes WHERE expiry <> 'never' AND last_activity_time + CASE expiry
           WHEN 'month' THEN interval '1 month' WHEN 'year' THEN interval '1 year' ELSE interval '5 years' END < clock_timestamp()
         RETURNING id)
       SELECT pg_notify($1, id) FROM d`,
      [sandboxChannel],
    );
    return deleted.rowCount ?? 0;
  }

  async revision(id: string, revision: number): Promise<RevisionRecord | undefined> {
    const row = await this.pool.query(`SELECT ${revisionColumns} FROM sandbox_revisions WHERE sandbox_id = $1 AND revision = $2`, [
      id,
      revision,
    ]);
    return row.rows[0] ? toRevision(row.rows[0]) : undefined;
  }

  /** Revisions from..to (inclusive), oldest first. */
  async revisions(id: string, from: number, to: number): Promise<RevisionRecord[]> {
    const rows = await this.pool.query(
      `SELECT ${revisionColumns} FROM sandbox_revisions WHERE sandbox_id = $1 AND revision BETWEEN $2 AND $3 ORDER BY revision`,
      [id, from, to],
    );
    return rows.rows.map(toRevision);
  }

  /** The state at a revision: the nearest snapshot or stored state at or before it, then its deltas replayed. */
  async stateAt(id: string, revision: number, client: Pool | PoolClient = this.pool): Promise<Problem> {
    const rows = await client.query(
      `SELECT revision, kind, body, state FROM sandbox_revisions
        WHERE sandbox_id = $1 AND revision <= $2 AND revision >= (
          SELECT max(revision) FROM sandbox_revisions WHERE sandbox_id = $1 AND revision <= $2 AND (kind = 'snapshot' OR state IS NOT NULL))
        ORDER BY revision`,
      [id, revision],
    );
    const stored: StoredRevision[] = rows.rows.map((row) => ({
      revision: row.revision as number,
      kind: row.kind as RevisionKind,
      body: JSON.parse(row.body as string) as RevisionBody,
      state: row.state === null ? undefined : (JSON.parse(row.state as string) as Problem),
    }));
    return replayRevisions(stored);
  }

  /**
   * Appends a revision as number latest + 1. The sandbox row is locked for the transaction, so
   * concurrent writers queue and each gets the next number: none lost, none duplicated. A revision
   * that cannot apply throws (RevisionRejectedError) and nothing is written.
   */
  async append(id: string, revision: NewRevision, tag: string | undefined): Promise<RevisionRecord | undefined> {
    return withTransaction(this.pool, async (client) => {
      const locked = await client.query('SELECT latest_revision, latest_state FROM sandboxes WHERE id = $1 FOR UPDATE', [id]);
      if (!locked.rows[0]) return undefined;
      const number = (locked.rows[0].latest_revision as number) + 1;
      const { state, active } = await this.nextState(client, id, revision, locked.rows[0].latest_state as string, number);
      // One statement: after the read the row stays locked for two round trips (this and COMMIT), not four.
      const written = await client.query(
        `WITH inserted AS (
           INSERT INTO sandbox_revisions(sandbox_id, revision, kind, body, state, tag)
           VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN $7 END, $6)
           RETURNING ${revisionColumns}),
         updated AS (
           UPDATE sandboxes SET latest_revision = $2, active_revision = $8, latest_state = $7,
             updated_time = (SELECT created_time FROM inserted), last_activity_time = clock_timestamp()
            WHERE id = $1)
         SELECT ${revisionColumns}, pg_notify($9, $1) FROM inserted`,
        [
          id,
          number,
          revision.kind,
          JSON.stringify(revisionBody(revision)),
          storesState(number, revision.kind),
          tag ?? null,
          JSON.stringify(state),
          active,
          sandboxChannel,
        ],
      );
      return toRevision(written.rows[0]);
    });
  }

  private async nextState(
    client: PoolClient,
    id: string,
    revision: NewRevision,
    latestState: string,
    number: number,
  ): Promise<{ state: Problem; active: number }> {
    switch (revision.kind) {
      case 'snapshot':
        return { state: revision.state, active: number };
      case 'deltas':
        return { state: applyDeltasRevision(latestState, revision.deltas), active: number };
      case 'undo_redo': {
        const target = await client.query('SELECT kind FROM sandbox_revisions WHERE sandbox_id = $1 AND revision = $2', [
          id,
          revision.target,
        ]);
        checkUndoTarget(revision.target, target.rows[0]?.kind as RevisionKind | undefined);
        return { state: await this.stateAt(id, revision.target, client), active: revision.target };
      }
    }
  }
}
