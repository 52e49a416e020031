import { httpTaskApi } from '../api/api-client.ts';
import {
  apiLocale,
  forgetRunnersOfBefore,
  handleExternalMessage,
  handleRuntimeMessage,
} from '../background/handlers.ts';

/**
 * The service worker: wiring only (the logic is in background/handlers.ts). It receives
 * the console's external messages and makes the API calls for the content scripts.
 */
const api = httpTaskApi(apiLocale);

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  void handleRuntimeMessage(message, sender, api).then(sendResponse, () => sendResponse(undefined));
  // Keeps the channel open for the asynchronous answer.
  return true;
});

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  void handleExternalMessage(message, sender).then(sendResponse, () =>
    sendResponse({ accepted: false }),
  );
  return true;
});

chrome.runtime.onStartup.addListener(() => void forgetRunnersOfBefore());
chrome.runtime.onInstalled.addListener(() => void forgetRunnersOfBefore());
