import { z } from 'zod';
import { isoDateTime, optionalTime } from './fields.ts';
import { funnelSteps } from './record-stages.ts';

/**
 * The workplace funnel (issue 19, "What each creator sold"): invited (`sent`, the record
 * succeeded) → accepted / replied → sample requested → content posted → first order, and the
 * GMV of the orders attributed to the tasks, per shop, task, set or script template. The rates
 * are out of `sent`, the sample size they are read from: a rate over fewer than
 * FUNNEL_SMALL_SAMPLE invitations is marked, so a small number is not over-read.
 */
export const funnelGroupings = ['template', 'shop', 'set', 'task'] as const;
export type FunnelGrouping = (typeof funnelGroupings)[number];

/** Below this many invitations a rate is shown as a hint, not a finding. */
export const FUNNEL_SMALL_SAMPLE = 30;
/** The most groups answered (the most invitations first); `groups` says how many there are. */
export const FUNNEL_ROWS_MAX = 100;

/** Filters: the tasks created in a time range (both bounds included), of one shop. */
export const funnelQuery = z
  .object({
    groupBy: z.enum(funnelGroupings, { error: 'validation.invalidField' }).default('template'),
    shopId: z.coerce
      .number({ error: 'validation.invalidField' })
      .int({ error: 'validation.invalidField' })
      .positive({ error: 'validation.invalidField' })
      .max(2 ** 31 - 1, { error: 'validation.invalidField' })
      .optional(),
    createdFrom: optionalTime,
    createdTo: optionalTime,
  })
  .superRefine((value, ctx) => {
    if (
      value.createdFrom !== undefined &&
      value.createdTo !== undefined &&
      Date.parse(value.createdFrom) > Date.parse(value.createdTo)
    ) {
      ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'validation.rangeInvalid' });
    }
  });
export type FunnelQuery = z.input<typeof funnelQuery>;
export type FunnelFilters = z.output<typeof funnelQuery>;

const count = z.number().int().nonnegative();

/** Records per funnel step (each counted the first time a record reached it). */
export const funnelCounts = z.object(
  Object.fromEntries(funnelSteps.map((step) => [step, count])) as Record<
    (typeof funnelSteps)[number],
    typeof count
  >,
);
export type FunnelCounts = z.infer<typeof funnelCounts>;

/** GMV of the non-void orders attributed to the tasks, per currency (minor units: fen, cents). */
export const funnelGmv = z.array(
  z.object({ currency: z.string(), amountMinor: z.number().int(), orders: count }),
);

export const funnelGroup = z.object({
  /**
   * The group: a shop id, a task id, a template id (null: tasks without a template, or whose
   * template was deleted), or null for a set (its name is the key).
   */
  id: z.number().int().nullable(),
  /** Shop name, the task's set name, set name, template name ('' when there is none). */
  name: z.string(),
  /** When the task was created (task grouping only). */
  createdAt: isoDateTime.nullable(),
  tasks: count,
  counts: funnelCounts,
  /** accepted / sent and replied / sent, 0-1; null when nothing was sent. */
  rates: z.object({ accepted: z.number().nullable(), replied: z.number().nullable() }),
  /** The sample size of the rates: invitations sent. */
  sample: count,
  /** sample < FUNNEL_SMALL_SAMPLE: read the rates as a hint. */
  smallSample: z.boolean(),
  gmv: funnelGmv,
});
export type FunnelGroup = z.infer<typeof funnelGroup>;

export const funnelData = z.object({
  groupBy: z.enum(funnelGroupings),
  /** The most invitations first, at most FUNNEL_ROWS_MAX. */
  groups: z.array(funnelGroup),
  /** How many groups there are in all. */
  groupCount: count,
  /** Every task of the filter together. */
  totals: funnelGroup,
});
export type FunnelData = z.infer<typeof funnelData>;
