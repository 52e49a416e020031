import { describe, expect, it } from 'vitest';
import { nameGrams, searchGrams } from './name-grams.ts';

describe('name grams', () => {
  it('keeps every 1- and 2-character piece, lower-cased and owner-prefixed', () => {
    expect(nameGrams(7, '小王Ab').sort()).toEqual(
      ['7:a', '7:ab', '7:b', '7:王', '7:王a', '7:小', '7:小王'].sort(),
    );
  });

  it('searches with the term for one character and its pairs otherwise', () => {
    expect(searchGrams(7, '王')).toEqual(['7:王']);
    expect(searchGrams(7, ' LiLy ')).toEqual(['7:li', '7:il', '7:ly']);
    expect(searchGrams(7, '  ')).toEqual([]);
  });

  it('finds every substring of a name among its grams', () => {
    const name = '美妆达人Lily陈';
    const grams = new Set(nameGrams(3, name));
    const chars = [...name.toLowerCase()];
    for (let i = 0; i < chars.length; i++) {
      for (let j = i + 1; j <= chars.length; j++) {
        for (const gram of searchGrams(3, chars.slice(i, j).join('')))
          expect(grams.has(gram)).toBe(true);
      }
    }
  });
});
