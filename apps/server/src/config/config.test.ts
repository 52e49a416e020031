import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.ts';

describe('configuration', () => {
  it('defaults to the embedded database on 127.0.0.1:3000 and keeps a generated secret', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'inviteflow-config-'));
    const config = loadConfig({}, base);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      redisUrl: null,
      redisKeyPrefix: 'inviteflow',
      listCacheMb: 32,
      demoAccount: true,
    });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(base, 'data', 'pglite') });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    const file = path.join(base, 'data', 'secret.key');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(config.appSecret);
    expect(loadConfig({}, base).appSecret).toBe(config.appSecret);
  });

  it('needs APP_SECRET in production', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@localhost/db' });
    expect(config.demoAccount).toBe(false);
  });

  it('logs for a person on the embedded default and JSON lines in production; LOG_FORMAT decides', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    const postgres = { ...secret, DATABASE_URL: 'postgres://u@localhost/db' };
    expect(loadConfig(secret).logFormat).toBe('pretty');
    expect(loadConfig(postgres).logFormat).toBe('json');
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ ...postgres, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...secret, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...secret, LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
    // Colours: the terminal decides unless NO_COLOR or FORCE_COLOR says.
    expect(loadConfig(secret).logColor).toBeNull();
    expect(loadConfig({ ...secret, NO_COLOR: '1' }).logColor).toBe(false);
    expect(loadConfig({ ...secret, FORCE_COLOR: '1' }).logColor).toBe(true);
    expect(loadConfig({ ...secret, FORCE_COLOR: '0' }).logColor).toBeNull();
  });

  it('refuses invalid values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'two words' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadConfig({ LIST_CACHE_MB: '-1' })).toThrow(/LIST_CACHE_MB/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', APP_SECRET: 'x'.repeat(40) })).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID/,
    );
  });

  it("pays through the sandbox by default, and through Alipay with the merchant's keys", () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).payment).toEqual({ provider: 'sandbox' });
    expect(() => loadConfig({ ...secret, PAYMENT_PROVIDER: 'wechat' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ ...secret, PAYMENT_PROVIDER: 'alipay' })).toThrow(
      /ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY/,
    );
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = {
      ...secret,
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      // One line, as an environment variable often carries a PEM.
      ALIPAY_PRIVATE_KEY: privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n'),
      ALIPAY_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    };
    const config = loadConfig(alipay);
    expect(config.payment).toMatchObject({
      provider: 'alipay',
      appId: '2021000000000001',
      gateway: 'https://openapi.alipay.com/gateway.do',
      sellerId: null,
    });
    if (config.payment.provider !== 'alipay') throw new Error('expected alipay');
    expect(config.payment.privateKey).toContain('BEGIN RSA PRIVATE KEY');
    expect(config.payment.alipayPublicKey).toContain('BEGIN PUBLIC KEY');
    expect(() => loadConfig({ ...alipay, ALIPAY_PRIVATE_KEY: 'not a key' })).toThrow(
      /ALIPAY_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...alipay, ALIPAY_PUBLIC_KEY: 'bm90IGEga2V5' })).toThrow(
      /ALIPAY_PUBLIC_KEY/,
    );
  });

  it('splits the CORS allowlist', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example ,',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses true (issue 15, F5)", () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    const trust = (value?: string) => loadConfig({ ...secret, TRUST_PROXY: value }).trustProxy;
    for (const none of [undefined, '', 'false', 'no', '0']) expect(trust(none)).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // Trusting every hop let clients choose their address: refused, with the way out named.
    for (const every of ['true', 'TRUE', 'yes']) {
      expect(() => trust(every)).toThrow(ConfigError);
      expect(() => trust(every)).toThrow(
        /TRUST_PROXY=true .*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/,
      );
    }
    for (const wrong of [
      '10.0.0.0/33',
      '10.0.0/8',
      'proxy.internal',
      '1.2.3.4/8/8',
      '-1',
      '17',
      ',',
    ]) {
      expect(() => trust(wrong)).toThrow(/TRUST_PROXY/);
    }
  });

  it('sets the hourly SMS ceiling, and the Aliyun provider needs a notice template', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).smsGlobalMaxPerHour).toBe(1000);
    expect(loadConfig({ ...secret, SMS_GLOBAL_MAX_PER_HOUR: '200' }).smsGlobalMaxPerHour).toBe(200);
    expect(() => loadConfig({ ...secret, SMS_GLOBAL_MAX_PER_HOUR: '0' })).toThrow(
      /SMS_GLOBAL_MAX_PER_HOUR/,
    );
    const aliyun = {
      ...secret,
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'AK',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'SK',
      ALIYUN_SMS_SIGN_NAME: 'InviteFlow',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    expect(() => loadConfig(aliyun)).toThrow(/ALIYUN_SMS_NOTICE_TEMPLATE_CODE/);
    expect(loadConfig({ ...aliyun, ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_2' }).sms).toMatchObject({
      provider: 'aliyun',
      templateCode: 'SMS_1',
      noticeTemplateCode: 'SMS_2',
    });
  });

  it('TikTok Shop: none of the app credentials means the sandbox, all three an app of our own', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).tiktokShop).toEqual({
      configured: false,
      appKey: null,
      appSecret: null,
      serviceId: null,
      apiBase: 'https://open-api.tiktokglobalshop.com',
      authBase: 'https://auth.tiktok-shops.com',
      authorizeUrl: 'https://services.tiktokshop.com/open/authorize',
    });
    const app = {
      ...secret,
      TIKTOK_SHOP_APP_KEY: '6abc123',
      TIKTOK_SHOP_APP_SECRET: 'e59af819cc',
      TIKTOK_SHOP_SERVICE_ID: '7172000000000070150',
      // Another implementation of the protocol (the platform's own sandbox, a test server).
      TIKTOK_SHOP_API_BASE: 'http://127.0.0.1:4010/',
      TIKTOK_SHOP_AUTH_BASE: 'http://127.0.0.1:4011',
      TIKTOK_SHOP_AUTHORIZE_URL: 'http://127.0.0.1:4012/open/authorize',
    };
    expect(loadConfig(app).tiktokShop).toEqual({
      configured: true,
      appKey: '6abc123',
      appSecret: 'e59af819cc',
      serviceId: '7172000000000070150',
      // A trailing slash would double the path's own.
      apiBase: 'http://127.0.0.1:4010',
      authBase: 'http://127.0.0.1:4011',
      authorizeUrl: 'http://127.0.0.1:4012/open/authorize',
    });
  });

  it('TikTok Shop: a half-set app is refused, naming what is missing; addresses must be URLs', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...secret, TIKTOK_SHOP_APP_KEY: 'k' })).toThrow(
      /TIKTOK_SHOP_APP_SECRET, TIKTOK_SHOP_SERVICE_ID/,
    );
    expect(() =>
      loadConfig({ ...secret, TIKTOK_SHOP_APP_KEY: 'k', TIKTOK_SHOP_APP_SECRET: 's' }),
    ).toThrow(/TIKTOK_SHOP_SERVICE_ID/);
    expect(() => loadConfig({ ...secret, TIKTOK_SHOP_API_BASE: 'open-api' })).toThrow(
      /TIKTOK_SHOP_API_BASE/,
    );
  });
});
