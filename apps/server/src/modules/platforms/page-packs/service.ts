import type { PagePack, PagePackId, PagePackState, StoppedPageReason } from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { DEFAULT_STOPPED, pagePacks } from './packs.ts';
import { allSwitches, saveSwitch, type SwitchRow } from './repository.ts';

/**
 * Whether a pack version hands out actions (issue 17, "a server switch stops a pack that
 * broke"): stopped by configuration (PAGE_PACKS_STOPPED, always wins), else by the operators'
 * switch for that version, else, for packs shipped unverified, stopped unless the
 * configuration starts them (PAGE_PACKS_STARTED: verified on a live shop).
 */
export interface PacksByConfig {
  stopped: PackVersions;
  started: PackVersions;
}
/** Pack id → its versions named (null: every version). */
type PackVersions = ReadonlyMap<string, ReadonlySet<number> | null>;

function names(versions: PackVersions, pack: PagePack): boolean {
  if (!versions.has(pack.id)) return false;
  const named = versions.get(pack.id);
  return named === null || named?.has(pack.version) === true;
}

function stateOf(
  pack: PagePack,
  switches: readonly SwitchRow[],
  config: PacksByConfig,
): { stopped: boolean; reason: string | null } {
  if (names(config.stopped, pack)) return { stopped: true, reason: 'PAGE_PACKS_STOPPED' };
  const row = switches.find((s) => s.packId === pack.id && s.version === pack.version);
  if (row) return { stopped: row.stopped, reason: row.stopped ? row.reason || null : null };
  if (DEFAULT_STOPPED.has(pack.id) && !names(config.started, pack)) {
    return { stopped: true, reason: UNVERIFIED };
  }
  return { stopped: false, reason: null };
}

/** The stop reason of a pack shipped stopped until verified. */
const UNVERIFIED = 'unverified';

/** Every pack with its switch, for the extension. */
export async function packStates(db: Executor, config: PacksByConfig): Promise<PagePackState[]> {
  const switches = await allSwitches(db);
  return [...pagePacks.values()].map((pack) => {
    const state = stateOf(pack, switches, config);
    return { ...pack, stopped: state.stopped, stoppedReason: state.reason };
  });
}

/**
 * The pack in force for an id: the version this server ships (packs are code, not rows; whether
 * it is stopped is `stoppedPacks`' question, asked once per claim).
 */
export function packOf(id: PagePackId): PagePack {
  return pagePacks.get(id)!;
}

/** The ids of the packs stopped now (the claim skips their actions). */
export async function stoppedPackIds(db: Executor, config: PacksByConfig): Promise<PagePackId[]> {
  return [...(await stoppedPacks(db, config)).keys()];
}

/** The packs stopped now, each with why: shipped unverified, or stopped by the operators. */
export async function stoppedPacks(
  db: Executor,
  config: PacksByConfig,
): Promise<Map<PagePackId, StoppedPageReason>> {
  const stopped = new Map<PagePackId, StoppedPageReason>();
  for (const pack of await packStates(db, config)) {
    if (pack.stopped)
      stopped.set(pack.id, pack.stoppedReason === UNVERIFIED ? 'unverified' : 'operator');
  }
  return stopped;
}

export async function switchPack(
  db: Executor,
  input: { packId: PagePackId; version: number; stopped: boolean; reason: string; by: number },
  now: Date,
): Promise<void> {
  await saveSwitch(
    db,
    {
      packId: input.packId,
      version: input.version,
      stopped: input.stopped,
      reason: input.reason,
      updatedBy: input.by,
    },
    now,
  );
}
