import { beforeEach, describe, expect, it } from 'vitest';
import { browser, installFakeBrowser } from '../../test/fake-browser.ts';
import { forgetOwnedTab, ownedTab, rememberOwnedTab } from './owned-tab.ts';

describe('the browser channel’s own tab', () => {
  beforeEach(() => {
    installFakeBrowser();
  });

  it('is the tab it opened, until forgotten', async () => {
    expect(await ownedTab()).toBeNull();
    await rememberOwnedTab({ windowId: 3, tabId: 7 });
    expect(await ownedTab()).toEqual({ windowId: 3, tabId: 7 });
    await forgetOwnedTab();
    expect(await ownedTab()).toBeNull();
  });

  it('is not the kept tab id after a browser restart: Chrome numbers tabs afresh, and that id may be a seller’s tab', async () => {
    await rememberOwnedTab({ windowId: 3, tabId: 7 });
    browser().restartBrowser();
    // storage.local still holds the old ids…
    expect(browser().data.get('channelOwnedTab')).toEqual({ windowId: 3, tabId: 7 });
    // …but they no longer name the channel's tab.
    expect(await ownedTab()).toBeNull();
    await rememberOwnedTab({ windowId: 1, tabId: 2 });
    expect(await ownedTab()).toEqual({ windowId: 1, tabId: 2 });
  });
});
