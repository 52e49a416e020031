/**
 * A new invitation task asked for from another page (Find creators' "Add and invite"): the
 * shop and the talents it starts with. Handed over in the router's location state, so a
 * feature never imports another: the talent library sets it, the send records page reads it
 * and opens its create drawer with it.
 */
export interface NewTaskPreset {
  shopId: number;
  talents: Array<{ id: number; name: string; platformTalentId: string }>;
}

/** Where the create drawer lives (the spec's send records page). */
export const NEW_TASK_PATH = '/sent/search-table';

/** The location state that carries a preset. */
export function newTaskState(preset: NewTaskPreset): { newTask: NewTaskPreset } {
  return { newTask: preset };
}

/** The preset a location's state carries, if any (anything else is ignored). */
export function readNewTaskPreset(state: unknown): NewTaskPreset | null {
  if (!state || typeof state !== 'object' || !('newTask' in state)) return null;
  const preset = (state as { newTask: unknown }).newTask as Partial<NewTaskPreset> | null;
  if (!preset || typeof preset.shopId !== 'number' || !Array.isArray(preset.talents)) return null;
  const talents = preset.talents.filter(
    (t): t is NewTaskPreset['talents'][number] =>
      typeof t?.id === 'number' &&
      typeof t.name === 'string' &&
      typeof t.platformTalentId === 'string',
  );
  return talents.length ? { shopId: preset.shopId, talents } : null;
}
