import { describe, expect, it } from 'vitest';
import {
  DOUDIAN_DEFAULT_API_BASE,
  DOUDIAN_DEFAULT_AUTHORIZE_URL,
  DoudianPlatform,
  DoudianUnavailableError,
  authorizationUrl,
  doudianEndpoints,
  type DoudianSettings,
} from './index.ts';

const unconfigured: DoudianSettings = {
  configured: false,
  appKey: null,
  appSecret: null,
  serviceId: null,
  apiBase: DOUDIAN_DEFAULT_API_BASE,
  authorizeUrl: DOUDIAN_DEFAULT_AUTHORIZE_URL,
};
const sandboxApp = async () => ({ appKey: 'sk', appSecret: 'ss', serviceId: '42' });

describe('抖店 endpoints', () => {
  it('uses the configured app and addresses', async () => {
    const app = await doudianEndpoints(
      {
        configured: true,
        appKey: '7012345678901234567',
        appSecret: 'secret',
        serviceId: '33428',
        apiBase: 'https://openapi-fxg.jinritemai.com/',
        authorizeUrl: DOUDIAN_DEFAULT_AUTHORIZE_URL,
      },
      'https://app.example',
      sandboxApp,
    );
    expect(app).toEqual({
      mode: 'platform',
      appKey: '7012345678901234567',
      appSecret: 'secret',
      serviceId: '33428',
      apiBase: 'https://openapi-fxg.jinritemai.com',
      authorizeUrl: 'https://fuwu.jinritemai.com/authorize',
    });
    expect(authorizationUrl(app, 'csrf-1')).toBe(
      'https://fuwu.jinritemai.com/authorize?service_id=33428&state=csrf-1',
    );
  });

  it('falls back to the embedded sandbox, or says it cannot', async () => {
    const app = await doudianEndpoints(unconfigured, 'http://localhost:3000/', sandboxApp);
    expect(app).toMatchObject({
      mode: 'sandbox',
      appKey: 'sk',
      apiBase: 'http://localhost:3000/sandbox/doudian',
      authorizeUrl: 'http://localhost:3000/sandbox/doudian/authorize',
    });
    await expect(doudianEndpoints(unconfigured, 'http://x', null)).rejects.toBeInstanceOf(
      DoudianUnavailableError,
    );
  });

  it('resolves once, and again after a failure', async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error('database not ready');
      return { appKey: 'k', appSecret: 's', serviceId: '1' };
    };
    const platform = new DoudianPlatform(unconfigured, 'http://x', flaky);
    await expect(platform.app()).rejects.toThrow('database not ready');
    await platform.client();
    await platform.client();
    expect(calls).toBe(2);
  });
});
