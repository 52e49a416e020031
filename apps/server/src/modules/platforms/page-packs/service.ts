import type { PagePack, PagePackId, PagePackState } from '@inviteflow/contract';
import type { Executor } from '../../../db/client.ts';
import { DEFAULT_STOPPED, pagePacks } from './packs.ts';
import { allSwitches, saveSwitch, switchesOf, type SwitchRow } from './repository.ts';

/**
 * Whether a pack version hands out actions (issue 17, "a server switch stops a pack that
 * broke"): stopped by configuration (PAGE_PACKS_STOPPED, always wins), else by the operators'
 * switch for that version, else by default for packs shipped unverified.
 */
export type StoppedByConfig = ReadonlyMap<string, ReadonlySet<number> | null>;

function stateOf(
  pack: PagePack,
  switches: readonly SwitchRow[],
  config: StoppedByConfig,
): { stopped: boolean; reason: string | null } {
  const configured = config.get(pack.id);
  if (config.has(pack.id) && (configured === null || configured?.has(pack.version))) {
    return { stopped: true, reason: 'PAGE_PACKS_STOPPED' };
  }
  const row = switches.find((s) => s.packId === pack.id && s.version === pack.version);
  if (row) return { stopped: row.stopped, reason: row.stopped ? row.reason || null : null };
  if (DEFAULT_STOPPED.has(pack.id)) return { stopped: true, reason: 'unverified' };
  return { stopped: false, reason: null };
}

/** Every pack with its switch, for the extension. */
export async function packStates(db: Executor, config: StoppedByConfig): Promise<PagePackState[]> {
  const switches = await allSwitches(db);
  return [...pagePacks.values()].map((pack) => {
    const state = stateOf(pack, switches, config);
    return { ...pack, stopped: state.stopped, stoppedReason: state.reason };
  });
}

/** The pack in force for an id, and whether it is stopped. */
export async function packInForce(
  db: Executor,
  id: PagePackId,
  config: StoppedByConfig,
): Promise<{ pack: PagePack; stopped: boolean }> {
  const pack = pagePacks.get(id)!;
  return { pack, stopped: stateOf(pack, await switchesOf(db, id), config).stopped };
}

/** The ids of the packs stopped now (the claim skips their actions). */
export async function stoppedPackIds(db: Executor, config: StoppedByConfig): Promise<PagePackId[]> {
  return (await packStates(db, config)).filter((p) => p.stopped).map((p) => p.id);
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
