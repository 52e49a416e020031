import type { FunnelData, FunnelGroup } from '@inviteflow/contract';

/** A funnel group for the console's tests: zeros unless said otherwise. */
export function funnelGroup(overrides: Partial<FunnelGroup> = {}): FunnelGroup {
  const counts = {
    sent: 0,
    accepted: 0,
    replied: 0,
    sample_requested: 0,
    content_posted: 0,
    first_order: 0,
    ...overrides.counts,
  };
  const rate = (n: number) => (counts.sent > 0 ? n / counts.sent : null);
  return {
    id: null,
    name: '',
    createdAt: null,
    tasks: 0,
    rates: { accepted: rate(counts.accepted), replied: rate(counts.replied) },
    sample: counts.sent,
    smallSample: counts.sent < 30,
    gmv: [],
    ...overrides,
    counts,
  };
}

/** The funnel of an account that sent nothing yet. */
export function emptyFunnel(): FunnelData {
  return { groupBy: 'template', groups: [], groupCount: 0, totals: funnelGroup() };
}
