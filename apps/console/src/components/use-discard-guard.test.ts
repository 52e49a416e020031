import { describe, expect, it } from 'vitest';
import { isChanged } from './use-discard-guard.ts';

describe('what counts as something entered', () => {
  it('takes blanks, empty lists and spaces around text for nothing', () => {
    expect(isChanged({}, {})).toBe(false);
    expect(isChanged({ name: '', labels: [], note: '  ', rules: { fans: {} } }, {})).toBe(false);
    expect(isChanged({ name: ' Luna ' }, { name: 'Luna' })).toBe(false);
    expect(isChanged({ status: 'cooperating', b: 1 }, { b: 1, status: 'cooperating' })).toBe(false);
  });

  it('sees a value typed, changed, cleared or picked', () => {
    expect(isChanged({ name: 'L' }, {})).toBe(true);
    expect(isChanged({ name: 'Lena' }, { name: 'Luna' })).toBe(true);
    expect(isChanged({ name: '' }, { name: 'Luna' })).toBe(true);
    expect(isChanged({ talentIds: [3] }, { talentIds: [] })).toBe(true);
    expect(isChanged({ rules: { fans: { min: 0 } } }, {})).toBe(true);
    expect(isChanged({ when: new Date(1) }, { when: new Date(2) })).toBe(true);
  });
});
