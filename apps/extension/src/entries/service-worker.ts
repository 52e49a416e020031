import { httpChannelApi } from '../channel/channel-api.ts';
import { ChannelService } from '../channel/channel-service.ts';
import { forgetOwnedTab, ownedTab } from '../channel/owned-tab.ts';
import { channelEnabledItem } from '../channel/status.ts';
import { OwnedTabDriver } from '../channel/tab-driver.ts';
import { authItem } from '../storage/items.ts';
import {
  apiLocale,
  forgetRetiredRunner,
  handleExternalMessage,
  handleRuntimeMessage,
} from '../background/handlers.ts';

const CHANNEL_ALARM = 'inviteflow-channel';

/**
 * The service worker: wiring only (the logic is in background/handlers.ts). It receives
 * the console's external messages and the console bridge's, and runs the browser channel,
 * the only way the extension sends (issue 17).
 */

// The browser channel (issue 17): its own loop, tab and session; woken by an alarm, by a
// login handed over and by the switch, with no console tab or seller page needed.
const channel = new ChannelService({
  api: httpChannelApi(apiLocale),
  page: new OwnedTabDriver(),
  notify: async (title, message) => {
    await chrome.notifications.create({
      type: 'basic',
      iconUrl: chrome.runtime.getURL('icons/icon-128.png'),
      title,
      message,
      priority: 2,
    });
  },
});
const wakeChannel = async () => {
  if (await channelEnabledItem.get()) await channel.tick();
};
void chrome.alarms.create(CHANNEL_ALARM, { periodInMinutes: 1 });
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === CHANNEL_ALARM) void wakeChannel();
});
channelEnabledItem.watch((enabled) => {
  if (enabled) void wakeChannel();
});
authItem.watch((auth) => {
  if (auth) void wakeChannel();
});
// Each start of the worker (a browser start, a wake-up) looks for work and for a journal to settle.
void wakeChannel();
chrome.tabs.onRemoved.addListener((tabId) => {
  void ownedTab().then((held) => {
    if (held?.tabId === tabId) void forgetOwnedTab();
  });
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  void handleRuntimeMessage(message, sender).then(sendResponse, () => sendResponse(undefined));
  // Keeps the channel open for the asynchronous answer.
  return true;
});

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  void handleExternalMessage(message, sender).then(sendResponse, () =>
    sendResponse({ accepted: false }),
  );
  return true;
});

chrome.runtime.onInstalled.addListener(() => void forgetRetiredRunner());
