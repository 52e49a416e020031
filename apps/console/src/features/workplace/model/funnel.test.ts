import { describe, expect, it } from 'vitest';
import { formatGmv, formatMoney, isSmallSample, percent } from './funnel.ts';

describe('workplace funnel figures', () => {
  it('shows a rate out of sent with one decimal, and a dash when nothing was sent', () => {
    expect(percent(1, 3, 'en-US')).toBe('33.3%');
    expect(percent(0, 0, 'en-US')).toBe('—');
  });

  it('marks a sample under 30 invitations as small', () => {
    expect(isSmallSample({ sample: 29 })).toBe(true);
    expect(isSmallSample({ sample: 30 })).toBe(false);
  });

  it('writes GMV from minor units in each currency, a yen amount without decimals', () => {
    expect(formatMoney(123_450, 'CNY', 'zh-CN')).toBe('¥1,234.50');
    expect(formatMoney(1_999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
    expect(
      formatGmv(
        [
          { currency: 'GBP', amountMinor: 300, orders: 1 },
          { currency: 'USD', amountMinor: 2_999, orders: 2 },
        ],
        'en-US',
      ),
    ).toBe('£3.00 + $29.99');
    expect(formatGmv([], 'en-US')).toBe('—');
  });
});
