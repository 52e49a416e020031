import { describe, expect, it } from 'vitest';
import type { AffiliateOrder } from '../tiktok-shop/index.ts';
import { minorUnits, orderLines } from './tiktok-orders.ts';

const NOW = new Date('2026-11-27T08:00:00Z');

function sku(
  overrides: Partial<AffiliateOrder['skus'][number]> = {},
): AffiliateOrder['skus'][number] {
  return {
    productId: '1729503179457070324',
    targetCollaborationId: '73661290629',
    openCollaborationId: null,
    campaignId: null,
    creatorUsername: 'sunny_creator',
    price: { amount: '12.50', currency: 'USD' },
    quantity: 2,
    refundedQuantity: 0,
    returnedQuantity: 0,
    contentType: 'VIDEO',
    contentId: '7493990579714164574',
    commissionRate: 1000,
    estimatedCommissionBase: { amount: '25.00', currency: 'USD' },
    estimatedPaidCommission: null,
    actualCommissionBase: null,
    actualPaidCommission: null,
    ...overrides,
  };
}

function order(status: string, skus: AffiliateOrder['skus']): AffiliateOrder {
  return {
    id: '579125529499110202',
    status,
    createTime: new Date('2026-11-20T10:00:00Z'),
    deliveryTime: null,
    skus,
  };
}

describe('tiktok.orders: an order page as order lines', () => {
  it('keys each line by order and product, amounts in minor units after refunds', () => {
    const lines = orderLines(
      order('COMPLETED', [
        sku(),
        sku({ refundedQuantity: 1 }),
        sku({ productId: '2', price: { amount: '1000', currency: 'JPY' }, quantity: 3 }),
      ]),
      NOW,
    );
    expect(lines.map((l) => [l.key, l.amountMinor, l.currency, l.void])).toEqual([
      ['579125529499110202:1729503179457070324', 2500, 'USD', false],
      ['579125529499110202:1729503179457070324#2', 1250, 'USD', false],
      ['579125529499110202:2', 3000, 'JPY', false],
    ]);
  });

  it('marks cancelled, deducted and wholly refunded or returned lines void; leaves out lines of no creator', () => {
    expect(orderLines(order('CANCELLED', [sku()]), NOW)[0]!.void).toBe(true);
    expect(orderLines(order('DEDUCTED', [sku()]), NOW)[0]!.void).toBe(true);
    expect(orderLines(order('FROZEN', [sku()]), NOW)[0]!.void).toBe(false);
    const back = sku({ refundedQuantity: 1, returnedQuantity: 1 });
    expect(orderLines(order('COMPLETED', [back]), NOW)[0]).toMatchObject({
      void: true,
      amountMinor: 0,
    });
    expect(orderLines(order('COMPLETED', [sku({ creatorUsername: null })]), NOW)).toEqual([]);
  });

  it('reads decimal texts exactly, half up beyond the minor unit', () => {
    expect(minorUnits('19.99', 'USD')).toBe(1999);
    expect(minorUnits('0.105', 'EUR')).toBe(11);
    expect(minorUnits('1000', 'VND')).toBe(1000);
    expect(minorUnits('7', 'GBP')).toBe(700);
    expect(minorUnits('-1', 'USD')).toBeNull();
    expect(minorUnits('abc', 'USD')).toBeNull();
  });
});
