import { describe, expect, it } from 'vitest';
import {
  TIKTOK_COLLABORATION_CREATORS_MAX,
  batchSizes,
  inBatches,
  planTikTokCalls,
} from './platform-calls.ts';

describe('batchSizes', () => {
  it('fills batches of at most max, the rest last', () => {
    expect(batchSizes(86, 50)).toEqual([50, 36]);
    expect(batchSizes(50, 50)).toEqual([50]);
    expect(batchSizes(51, 50)).toEqual([50, 1]);
    expect(batchSizes(150, 50)).toEqual([50, 50, 50]);
    expect(batchSizes(1, 50)).toEqual([1]);
    expect(batchSizes(0, 50)).toEqual([]);
  });

  it('never loses or adds an item, and no batch is over max or empty', () => {
    for (const max of [1, 7, 20, 50]) {
      for (let count = 0; count <= 260; count++) {
        const sizes = batchSizes(count, max);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
        expect(sizes.every((size) => size >= 1 && size <= max)).toBe(true);
        expect(sizes.length).toBe(Math.ceil(count / max));
      }
    }
  });

  it('refuses counts and sizes that make no sense', () => {
    expect(() => batchSizes(-1, 50)).toThrow(RangeError);
    expect(() => batchSizes(3, 0)).toThrow(RangeError);
    expect(() => batchSizes(2.5, 50)).toThrow(RangeError);
  });
});

describe('inBatches', () => {
  it('cuts the items in order along batchSizes', () => {
    const items = Array.from({ length: 86 }, (_, i) => `creator-${i}`);
    const batches = inBatches(items, TIKTOK_COLLABORATION_CREATORS_MAX);
    expect(batches.map((batch) => batch.length)).toEqual([50, 36]);
    expect(batches.flat()).toEqual(items);
    expect(batches[1]![0]).toBe('creator-50');
  });
});

describe('planTikTokCalls', () => {
  it('makes target collaborations of at most 50 creators for the product invitations', () => {
    expect(planTikTokCalls('targeted_product', 86, 2)).toEqual({
      action: 'target_collaboration',
      creators: 86,
      collaborations: [50, 36],
      cards: 0,
    });
    expect(planTikTokCalls('free_product', 12, 1)).toMatchObject({ collaborations: [12] });
  });

  it('sends a collaboration card to each creator of a targeted connection', () => {
    expect(planTikTokCalls('targeted_connection', 101, 3)).toEqual({
      action: 'target_collaboration_card',
      creators: 101,
      collaborations: [50, 50, 1],
      cards: 101,
    });
  });

  it('opens one conversation per creator for a free connection, a card per product', () => {
    expect(planTikTokCalls('free_connection', 86, 2)).toEqual({
      action: 'conversation',
      creators: 86,
      conversations: 86,
      productCards: 2,
    });
  });

  it('has no Open API call for a group leader activity', () => {
    expect(planTikTokCalls('group_leader_activity', 5, 0)).toEqual({
      action: 'browser_only',
      creators: 5,
    });
  });
});
