import { sampleStatuses } from '@inviteflow/contract';
import { describe, expect, it } from 'vitest';
import { sampleStatusOf } from './tiktok-samples.ts';

describe('tiktok.samples: the platform statuses as ours', () => {
  it('maps every status Seller Search Sample Applications 202508 documents', () => {
    const documented = {
      PENDING: 'pending',
      AWAITING_SHIPMENT: 'approved',
      SHIPPED: 'shipped',
      CONTENT_PENDING: 'content_pending',
      REJECT_CANCELLED: 'rejected',
      OVERDUE_CANCELLED: 'cancelled',
      UNFULFILL_CANCELLED: 'cancelled',
      DEL_OPEN_COLLAB: 'cancelled',
      SELLER_NOT_SHIP_CANCELLED: 'cancelled',
      WITHDRAW_CANCELLED: 'cancelled',
      UNFULFILLABLE_CANCELLED: 'cancelled',
      OPS_CANCELLED: 'cancelled',
      OPS_FAILED: 'cancelled',
      OPS_COMPLETED: 'completed',
      COMPLETED: 'completed',
    } as const;
    for (const [platform, ours] of Object.entries(documented)) {
      expect(sampleStatusOf(platform, null, null), platform).toBe(ours);
    }
    // Every status of ours is reached.
    expect(new Set(Object.values(documented))).toEqual(new Set(sampleStatuses));
  });

  it('keeps what it knew for a word the page does not list yet', () => {
    expect(sampleStatusOf('SOMETHING_NEW', 'shipped', null)).toBe('shipped');
    expect(sampleStatusOf('SOMETHING_NEW', null, true)).toBe('pending');
    expect(sampleStatusOf('SOMETHING_NEW', null, false)).toBe('cancelled');
  });
});
