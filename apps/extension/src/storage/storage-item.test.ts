import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browser, flush } from '../../test/fake-browser.ts';
import { defineItem } from './storage-item.ts';
import { channelPacingItem, defaultChannelPacing } from '../channel/pacing.ts';

const counter = defineItem('counter', z.object({ count: z.number().int() }), { count: 0 });

describe('typed storage items', () => {
  it('reads the fallback when nothing or something damaged is stored', async () => {
    expect(await counter.get()).toEqual({ count: 0 });
    browser().data.set('counter', { count: 'three' });
    expect(await counter.get()).toEqual({ count: 0 });
    browser().data.set('channelPacing', { minDelaySeconds: 'soon' });
    expect(await channelPacingItem.get()).toEqual(defaultChannelPacing);
  });

  it('writes, updates and removes its own key only', async () => {
    browser().data.set('other', 'kept');
    await counter.set({ count: 2 });
    expect(await counter.update((c) => ({ count: c.count + 1 }))).toEqual({ count: 3 });
    expect(browser().data.get('counter')).toEqual({ count: 3 });
    await counter.remove();
    expect(browser().data.has('counter')).toBe(false);
    expect(browser().data.get('other')).toBe('kept');
  });

  it('tells its watchers about its own changes (parsed), not about other keys', async () => {
    const seen: unknown[] = [];
    const stop = counter.watch((value) => seen.push(value));
    await counter.set({ count: 5 });
    await chrome.storage.local.set({ unrelated: 1 });
    await counter.remove();
    await flush();
    expect(seen).toEqual([{ count: 5 }, { count: 0 }]);
    stop();
    await counter.set({ count: 6 });
    await flush();
    expect(seen).toHaveLength(2);
  });
});
