import { beforeEach } from 'vitest';
import { installFakeBrowser } from './fake-browser.ts';

// Every test starts with an empty browser: no storage, no listeners, no opened tabs.
beforeEach(() => {
  installFakeBrowser();
});
