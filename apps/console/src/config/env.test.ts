import { PINNED_EXTENSION_ID } from '@inviteflow/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from './env.ts';

describe('console build settings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends to the pinned companion extension unless told otherwise', () => {
    expect(readEnv({}).extensionId).toBe(PINNED_EXTENSION_ID);
    expect(readEnv({ VITE_EXTENSION_ID: '  ' }).extensionId).toBe(PINNED_EXTENSION_ID);
    expect(readEnv({ VITE_EXTENSION_ID: 'abcdefghijklmnopabcdefghijklmnop' }).extensionId).toBe(
      'abcdefghijklmnopabcdefghijklmnop',
    );
    expect(readEnv({ VITE_EXTENSION_ID: 'none' }).extensionId).toBeUndefined();
  });

  it('ignores an id Chrome could not have made, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readEnv({ VITE_EXTENSION_ID: 'not-an-id' }).extensionId).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
