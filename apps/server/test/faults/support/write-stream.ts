import {
  apiPaths,
  type ImportReport,
  type SendTaskResult,
  type Talent,
  type TalentStatus,
} from '@inviteflow/contract';
import { call, ok, talentCsv } from './http.ts';
import { sleep } from './server-process.ts';

/**
 * A stream of writes of every shape that matters for atomicity, from several
 * concurrent clients, with a ledger of what the server acknowledged:
 * - `talent`: one talent added (one row);
 * - `import`: a talent import of IMPORT_ROWS rows (one transaction);
 * - `task`: an invitation task of TASK_SIZE talents (a task row and a record per
 *   talent, counters kept by triggers: one transaction);
 * - `status`: a batch status change of a group of talents (all or nothing).
 * Acknowledged means the server answered 200 with `success: true`. An import refused
 * with 409 because another import of the account was running (one at a time per
 * account, by design) is `refused`: it must have written nothing. Anything else (a
 * 5xx, a dropped connection) leaves the outcome unknown, and then only atomicity is
 * checked.
 */

export const IMPORT_ROWS = 100;
export const TASK_SIZE = 20;
export const STATUS_GROUP_SIZE = 10;
const STATUS_CYCLE: TalentStatus[] = ['communicating', 'cooperating', 'rejected'];
export const INITIAL_STATUS: TalentStatus = 'pending_contact';

export type WriteKind = 'talent' | 'import' | 'task' | 'status';
const kinds: WriteKind[] = ['talent', 'import', 'task', 'status'];

export interface Write {
  kind: WriteKind;
  /** talent: its talent ID; import: the prefix of its talent IDs; task: its set name. */
  key: string;
  /** status: the group and the status asked for. */
  group?: number;
  status?: TalentStatus;
  state: 'in-flight' | 'acked' | 'failed' | 'refused';
  httpStatus?: number;
  error?: string;
  startedAt: number;
  endedAt?: number;
}

export interface StreamSetup {
  token: string;
  shopId: number;
  /** Library talents the tasks invite. */
  taskTalentIds: number[];
  /** One group per client; each client changes only its own group's status. */
  statusGroups: number[][];
}

/** Adds `count` talents one by one through the API (their ids), for tasks and status groups. */
export async function addPoolTalents(base: string, token: string, count: number, prefix: string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const talent = await ok<Talent>(base, 'POST', apiPaths.talents.list, {
      token,
      body: { platform: 'douyin', platformTalentId: `${prefix}-${i}`, name: `池${i}` },
    });
    ids.push(talent.id);
  }
  return ids;
}

export class WriteStream {
  readonly ledger: Write[] = [];
  private stopped = false;
  private workers: Promise<void>[] = [];
  private sequence = 0;
  private taskCursor = 0;

  constructor(
    /** The server to write to, read at every request (a test may point it elsewhere). */
    private readonly base: () => string,
    private readonly setup: StreamSetup,
    private readonly tag: string,
  ) {}

  start(): void {
    this.workers = this.setup.statusGroups.map((_, index) => this.work(index));
  }

  /** Stops issuing writes and waits for the ones in flight to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers);
  }

  inFlight(): number {
    return this.ledger.filter((w) => w.state === 'in-flight').length;
  }

  count(kind: WriteKind | 'all', state: Write['state']): number {
    return this.ledger.filter((w) => (kind === 'all' || w.kind === kind) && w.state === state)
      .length;
  }

  /** Waits until `done` holds (checked every 50 ms); throws after `timeoutMs`. */
  async until(done: (stream: WriteStream) => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this)) {
      if (Date.now() > deadline) {
        throw new Error(
          `the write stream did not get there in time: ${JSON.stringify(this.summary())}`,
        );
      }
      await sleep(50);
    }
  }

  summary() {
    return Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          acked: this.count(kind, 'acked'),
          failed: this.count(kind, 'failed'),
          refused: this.count(kind, 'refused'),
          inFlight: this.count(kind, 'in-flight'),
        },
      ]),
    );
  }

  private async work(index: number): Promise<void> {
    let turn = index;
    let statusTurn = 0;
    while (!this.stopped) {
      const kind = kinds[turn % kinds.length]!;
      turn += 1;
      const ok = await this.once(
        kind,
        index,
        () => STATUS_CYCLE[statusTurn++ % STATUS_CYCLE.length]!,
      );
      // Against a server or database that is away, do not spin.
      if (!ok) await sleep(100);
    }
  }

  private async once(kind: WriteKind, worker: number, nextStatus: () => TalentStatus) {
    this.sequence += 1;
    const n = this.sequence;
    const { token, shopId } = this.setup;
    const write: Write = { kind, key: '', state: 'in-flight', startedAt: Date.now() };
    let request: () => Promise<{ status: number; body: { success: boolean; data: unknown } }>;
    let accept: (data: unknown) => boolean;
    switch (kind) {
      case 'talent': {
        write.key = `${this.tag}-t${n}`;
        request = () =>
          call(this.base(), 'POST', apiPaths.talents.list, {
            token,
            body: { platform: 'douyin', platformTalentId: write.key, name: `单${n}` },
          });
        accept = (data) => (data as Talent).platformTalentId === write.key;
        break;
      }
      case 'import': {
        write.key = `${this.tag}-i${n}`;
        const ids = Array.from({ length: IMPORT_ROWS }, (_, j) => `${write.key}-${j}`);
        request = () =>
          call(this.base(), 'POST', apiPaths.talents.import, { token, form: talentCsv(ids) });
        accept = (data) => (data as ImportReport).accepted === IMPORT_ROWS;
        break;
      }
      case 'task': {
        write.key = `${this.tag}-task${n}`;
        const pool = this.setup.taskTalentIds;
        const talentIds = Array.from(
          { length: TASK_SIZE },
          (_, j) => pool[(this.taskCursor + j) % pool.length]!,
        );
        this.taskCursor += TASK_SIZE;
        request = () =>
          call(this.base(), 'POST', apiPaths.sendRecords.list, {
            token,
            body: {
              shopId,
              taskType: 'free_product',
              contentType: 'vertical_video',
              filterType: 'manual',
              talentIds,
              script: '你好 {talentName}',
              setName: write.key,
              cooldown: 'include',
            },
          });
        accept = (data) => (data as SendTaskResult).created === TASK_SIZE;
        break;
      }
      case 'status': {
        write.group = worker;
        write.status = nextStatus();
        write.key = `group${worker}:${write.status}`;
        request = () =>
          call(this.base(), 'POST', apiPaths.talents.batchStatus, {
            token,
            body: { ids: this.setup.statusGroups[worker], status: write.status },
          });
        accept = () => true;
        break;
      }
    }
    this.ledger.push(write);
    try {
      const reply = await request();
      write.httpStatus = reply.status;
      write.state =
        reply.status === 200 && reply.body.success && accept(reply.body.data)
          ? 'acked'
          : kind === 'import' && reply.status === 409
            ? 'refused'
            : 'failed';
      if (write.state === 'failed') write.error = JSON.stringify(reply.body).slice(0, 300);
      // Refused because another import ran: the worker goes on with other kinds.
      if (write.state === 'refused') return true;
    } catch (error) {
      write.state = 'failed';
      write.error =
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
    }
    write.endedAt = Date.now();
    return write.state === 'acked';
  }
}

export type Query = <Row = Record<string, unknown>>(
  text: string,
  params?: unknown[],
) => Promise<Row[]>;

export interface Verification {
  /** Everything found wrong; the test expects none. */
  violations: string[];
  figures: {
    acked: Record<WriteKind, number>;
    /** Acknowledged writes found whole in the database after the fault. */
    ackedFound: Record<WriteKind, number>;
    /** Writes whose outcome the client could not know (refused, 5xx, connection lost). */
    unknown: Record<WriteKind, number>;
    /** Of those, how many turned out written (whole) rather than absent. */
    unknownWritten: Record<WriteKind, number>;
    talents: number;
    sendRecords: number;
  };
}

const zero = (): Record<WriteKind, number> => ({ talent: 0, import: 0, task: 0, status: 0 });

/**
 * Reads the database after a fault and checks the ledger against it: every
 * acknowledged write is there whole; every other write is whole or absent; the
 * counters the triggers keep agree with the rows.
 */
export async function verifyLedger(
  query: Query,
  userId: number,
  setup: StreamSetup,
  ledger: readonly Write[],
): Promise<Verification> {
  const violations: string[] = [];
  const acked = zero();
  const ackedFound = zero();
  const unknown = zero();
  const unknownWritten = zero();
  const tally = (write: Write, found: boolean) => {
    if (write.state === 'acked') {
      acked[write.kind] += 1;
      if (found) ackedFound[write.kind] += 1;
    } else {
      unknown[write.kind] += 1;
      if (found) unknownWritten[write.kind] += 1;
    }
  };

  const talentRows = await query<{ platform_talent_id: string; status: string; id: string }>(
    'select id::text as id, platform_talent_id, status from talents where user_id = $1',
    [userId],
  );
  const talentIds = new Set(talentRows.map((row) => row.platform_talent_id));
  const importCounts = new Map<string, number>();
  for (const { platform_talent_id: id } of talentRows) {
    const prefix = /^(.*-i\d+)-\d+$/.exec(id)?.[1];
    if (prefix) importCounts.set(prefix, (importCounts.get(prefix) ?? 0) + 1);
  }
  const tasks = await query<{ set_name: string; record_count: number; records: string }>(
    `select t.set_name, t.record_count,
            (select count(*) from send_records r where r.task_id = t.id)::text as records
       from invitation_tasks t where t.user_id = $1`,
    [userId],
  );
  const tasksBySet = new Map<string, typeof tasks>();
  for (const task of tasks)
    tasksBySet.set(task.set_name, [...(tasksBySet.get(task.set_name) ?? []), task]);
  const recordsBySet = new Map(
    (
      await query<{ set_name: string; n: string }>(
        'select set_name, count(*)::text as n from send_records where user_id = $1 group by set_name',
        [userId],
      )
    ).map((row) => [row.set_name, Number(row.n)]),
  );
  const statusById = new Map(talentRows.map((row) => [Number(row.id), row.status]));

  for (const write of ledger) {
    if (write.state === 'in-flight') violations.push(`${write.key} still in flight at the check`);
    switch (write.kind) {
      case 'talent':
        tally(write, talentIds.has(write.key));
        if (write.state === 'acked' && !talentIds.has(write.key))
          violations.push(`acknowledged talent ${write.key} is missing`);
        break;
      case 'import': {
        const rows = importCounts.get(write.key) ?? 0;
        tally(write, rows === IMPORT_ROWS);
        if (rows !== 0 && rows !== IMPORT_ROWS)
          violations.push(`import ${write.key} is half-written: ${rows} of ${IMPORT_ROWS} rows`);
        if (write.state === 'acked' && rows !== IMPORT_ROWS)
          violations.push(`acknowledged import ${write.key} has ${rows} of ${IMPORT_ROWS} rows`);
        if (write.state === 'refused' && rows !== 0)
          violations.push(`import ${write.key} was refused (409) but wrote ${rows} rows`);
        break;
      }
      case 'task': {
        const made = tasksBySet.get(write.key) ?? [];
        const records = recordsBySet.get(write.key) ?? 0;
        const whole =
          made.length === 1 &&
          made[0]!.record_count === TASK_SIZE &&
          Number(made[0]!.records) === TASK_SIZE;
        tally(write, whole);
        if (!whole && (made.length !== 0 || records !== 0))
          violations.push(
            `task ${write.key} is half-written: ${made.length} task rows, ${records} records`,
          );
        if (write.state === 'acked' && !whole)
          violations.push(`acknowledged task ${write.key} is not there whole (${records} records)`);
        break;
      }
      case 'status':
        break;
    }
  }

  // Each group was changed by one client at a time: its talents share one status, the
  // last acknowledged one or one asked for after it (whose answer never came).
  setup.statusGroups.forEach((group, index) => {
    const writes = ledger.filter((w) => w.kind === 'status' && w.group === index);
    let lastAcked = -1;
    writes.forEach((w, i) => {
      if (w.state === 'acked') lastAcked = i;
    });
    const possible = new Set<string>([
      lastAcked >= 0 ? writes[lastAcked]!.status! : INITIAL_STATUS,
      ...writes.slice(lastAcked + 1).map((w) => w.status!),
    ]);
    const statuses = new Set(group.map((id) => statusById.get(id)));
    if (statuses.size !== 1)
      violations.push(`status group ${index} is half-changed: ${[...statuses].join(', ')}`);
    const [status] = [...statuses];
    if (!possible.has(status!))
      violations.push(
        `status group ${index} is ${status}, expected one of ${[...possible].join(', ')}`,
      );
    for (const [i, w] of writes.entries()) {
      if (w.state === 'acked') {
        acked.status += 1;
        // An acknowledged change is there, or a later change (sent after it) replaced it.
        if (possible.has(status!)) ackedFound.status += 1;
      } else {
        unknown.status += 1;
        if (i > lastAcked && w.status === status) unknownWritten.status += 1;
      }
    }
  });

  // What the statement triggers keep must agree with the rows.
  const [counts] = await query<{
    talents: string;
    counted: string | null;
    records: string;
    by_status: string | null;
    by_day: string | null;
  }>(
    `select (select count(*) from talents where user_id = $1)::text as talents,
            (select total from talent_counts where user_id = $1)::text as counted,
            (select count(*) from send_records where user_id = $1)::text as records,
            (select sum(total) from send_record_counts where user_id = $1)::text as by_status,
            (select sum(created) from send_record_days where user_id = $1)::text as by_day`,
    [userId],
  );
  const talents = Number(counts!.talents);
  const sendRecords = Number(counts!.records);
  if (Number(counts!.counted ?? 0) !== talents)
    violations.push(`talent_counts says ${counts!.counted}, the table holds ${talents}`);
  if (Number(counts!.by_status ?? 0) !== sendRecords)
    violations.push(`send_record_counts says ${counts!.by_status}, the table holds ${sendRecords}`);
  if (Number(counts!.by_day ?? 0) !== sendRecords)
    violations.push(
      `send_record_days says ${counts!.by_day} created, the table holds ${sendRecords}`,
    );

  return {
    violations,
    figures: { acked, ackedFound, unknown, unknownWritten, talents, sendRecords },
  };
}
