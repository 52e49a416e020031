import { describe, expect, it } from 'vitest';
import { operationOf, parseJsonKeepingIds } from './transport.ts';

describe('抖店 transport helpers', () => {
  it('reads integers beyond 2^53 as their digits and leaves everything else to JSON.parse', () => {
    expect(
      parseJsonKeepingIds(
        '{"a":3482204602722574252,"b":[-9223372036854775808,12,1.5e3,-0.25],' +
          '"c":"3482204602722574252 \\" 9999999999999999999","d":9007199254740991,"e":true}',
      ),
    ).toEqual({
      a: '3482204602722574252',
      b: ['-9223372036854775808', 12, 1500, -0.25],
      c: '3482204602722574252 " 9999999999999999999',
      d: 9007199254740991,
      e: true,
    });
    expect(() => parseJsonKeepingIds('<html>')).toThrow();
  });

  it('names a call by its path, as the executor recognizes the token calls', () => {
    expect(operationOf('token.refresh')).toBe('POST /token/refresh');
    expect(operationOf('buyin.orienPlanAuthorsAdd')).toBe('POST /buyin/orienPlanAuthorsAdd');
  });
});
