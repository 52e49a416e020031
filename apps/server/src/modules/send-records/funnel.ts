import {
  FUNNEL_ROWS_MAX,
  FUNNEL_SMALL_SAMPLE,
  funnelSteps,
  type FunnelCounts,
  type FunnelData,
  type FunnelGroup,
  type FunnelGrouping,
  type FunnelFilters,
} from '@inviteflow/contract';
import type { Database } from '../../db/client.ts';
import { gmvByTask, type TaskGmv } from '../affiliate-orders/index.ts';
import { shopNames } from '../shops/index.ts';
import { scriptLabels } from '../templates/index.ts';
import { funnelTasks, type FunnelTask } from './funnel-repository.ts';

/**
 * The workplace funnel (issue 19): the account's tasks of the filter with their counts per
 * step (record_stage_counts) and the GMV of their orders (affiliate orders), grouped by shop,
 * task, set or script template. Reads a few rows per task, whatever the number of records
 * (docs/performance.md, `npm run bench -- funnel`).
 */
export async function funnelFor(
  db: Database,
  userId: number,
  query: FunnelFilters,
): Promise<FunnelData> {
  const filtered =
    query.shopId !== undefined || query.createdFrom !== undefined || query.createdTo !== undefined;
  // Unfiltered, the two reads run at once (the GMV of every task of the account); filtered,
  // the GMV is of the tasks the filter found.
  const [tasks, every] = await Promise.all([
    funnelTasks(db, userId, query),
    filtered ? null : gmvByTask(db, userId),
  ]);
  const gmv =
    every ??
    (tasks.length
      ? await gmvByTask(
          db,
          userId,
          tasks.map((task) => task.id),
        )
      : []);
  const groups = new Map<string, Accumulated>();
  const totals = accumulated(null, null);
  const keyOf = groupKey[query.groupBy];
  const byTask = new Map<number, Accumulated[]>();
  for (const task of tasks) {
    const [key, id] = keyOf(task);
    let group = groups.get(key);
    if (!group) {
      group = accumulated(id, query.groupBy === 'task' ? task.createdAt : null);
      if (query.groupBy === 'set' || query.groupBy === 'task') group.name = task.setName;
      groups.set(key, group);
    }
    for (const into of [group, totals]) add(into, task);
    byTask.set(task.id, [group, totals]);
  }
  for (const row of gmv) for (const into of byTask.get(row.taskId) ?? []) addGmv(into, row);
  const shown = [...groups.values()]
    .sort((a, b) => b.counts.sent - a.counts.sent || (b.id ?? 0) - (a.id ?? 0))
    .slice(0, FUNNEL_ROWS_MAX);
  const ids = shown.flatMap((group) => (group.id === null ? [] : [group.id]));
  if (query.groupBy === 'shop' || query.groupBy === 'template') {
    const names = await (query.groupBy === 'shop' ? shopNames : scriptLabels)(db, userId, ids);
    for (const group of shown) group.name = group.id === null ? '' : (names.get(group.id) ?? '');
  }
  return {
    groupBy: query.groupBy,
    groups: shown.map(finished),
    groupCount: groups.size,
    totals: finished(totals),
  };
}

const groupKey: Record<FunnelGrouping, (task: FunnelTask) => [string, number | null]> = {
  shop: (task) => [String(task.shopId), task.shopId],
  task: (task) => [String(task.id), task.id],
  set: (task) => [task.setName, null],
  template: (task) => [String(task.scriptTemplateId), task.scriptTemplateId],
};

interface Accumulated {
  id: number | null;
  name: string;
  createdAt: Date | null;
  tasks: number;
  counts: FunnelCounts;
  gmv: Map<string, { amountMinor: number; orders: number }>;
}

function accumulated(id: number | null, createdAt: Date | null): Accumulated {
  return {
    id,
    name: '',
    createdAt,
    tasks: 0,
    counts: Object.fromEntries(funnelSteps.map((step) => [step, 0])) as FunnelCounts,
    gmv: new Map(),
  };
}

function add(into: Accumulated, task: FunnelTask) {
  into.tasks++;
  for (const step of funnelSteps) into.counts[step] += task.counts[step];
}

function addGmv(into: Accumulated, row: TaskGmv) {
  const sum = into.gmv.get(row.currency) ?? { amountMinor: 0, orders: 0 };
  sum.amountMinor += row.amountMinor;
  sum.orders += row.orders;
  into.gmv.set(row.currency, sum);
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function finished(group: Accumulated): FunnelGroup {
  const sent = group.counts.sent;
  return {
    id: group.id,
    name: group.name,
    createdAt: group.createdAt?.toISOString() ?? null,
    tasks: group.tasks,
    counts: group.counts,
    rates: {
      accepted: rate(group.counts.accepted, sent),
      replied: rate(group.counts.replied, sent),
    },
    sample: sent,
    smallSample: sent < FUNNEL_SMALL_SAMPLE,
    gmv: [...group.gmv]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, sum]) => ({ currency, ...sum })),
  };
}
