import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AliyunSmsProvider, ConsoleSmsProvider, signAliyunRpc } from './sms-provider.ts';

describe('console SMS provider', () => {
  it('writes one log line holding the phone number and the code', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _e, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    await new ConsoleSmsProvider(app.log).send('13800138000', '482913', 'register');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('[sms:console]');
    expect(lines[0]).toContain('13800138000');
    expect(lines[0]).toContain('482913');
    await app.close();
  });

  it('writes a notice as its own line, without a code, the new number masked', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _e, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    await new ConsoleSmsProvider(app.log).notify('13800138000', {
      kind: 'phone-changed',
      newPhoneNumber: '13912345678',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('[sms:console] notice for 13800138000 (phone-changed)');
    expect(lines[0]).toContain('139****5678');
    expect(lines[0]).not.toContain('13912345678');
    expect(lines[0]).not.toMatch(/verification code/);
    await app.close();
  });
});

describe('Aliyun SMS provider', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('signs with the RFC 3986 rules of the RPC signature', () => {
    const params = { Z: 'a b*c~d', A: '你好/', M: "!'()" };
    // Sorted, each part percent-encoded (space %20, * %2A, ~ kept), then the whole encoded again.
    const stringToSign =
      'POST&%2F&A%3D%25E4%25BD%25A0%25E5%25A5%25BD%252F%26M%3D%2521%2527%2528%2529%26Z%3Da%2520b%252Ac~d';
    const expected = createHmac('sha1', 'secret&').update(stringToSign).digest('base64');
    expect(signAliyunRpc('POST', params, 'secret')).toBe(expected);
  });

  async function gateway(answer: (form: URLSearchParams) => { status: number; body: unknown }) {
    const received: URLSearchParams[] = [];
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const form = new URLSearchParams(data);
        received.push(form);
        const { status, body } = answer(form);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/`, received };
  }

  const settings = (endpoint: string) => ({
    provider: 'aliyun' as const,
    accessKeyId: 'AK',
    accessKeySecret: 'SK',
    signName: 'InviteFlow',
    templateCode: 'SMS_123',
    noticeTemplateCode: 'SMS_456',
    endpoint,
  });

  it('posts a signed SendSms request with the code as template parameter', async () => {
    const { url, received } = await gateway(() => ({ status: 200, body: { Code: 'OK' } }));
    await new AliyunSmsProvider(settings(url)).send('13800138000', '123456');
    const form = received[0]!;
    expect(form.get('Action')).toBe('SendSms');
    expect(form.get('PhoneNumbers')).toBe('13800138000');
    expect(form.get('TemplateParam')).toBe('{"code":"123456"}');
    const signature = form.get('Signature');
    form.delete('Signature');
    expect(signature).toBe(signAliyunRpc('POST', Object.fromEntries(form), 'SK'));
  });

  it('sends a notice with the notice template, the new number masked as its `phone` parameter', async () => {
    const { url, received } = await gateway(() => ({ status: 200, body: { Code: 'OK' } }));
    await new AliyunSmsProvider(settings(url)).notify('13800138000', {
      kind: 'phone-changed',
      newPhoneNumber: '13912345678',
    });
    const form = received[0]!;
    expect(form.get('PhoneNumbers')).toBe('13800138000');
    expect(form.get('TemplateCode')).toBe('SMS_456');
    expect(form.get('TemplateParam')).toBe('{"phone":"139****5678"}');
    const signature = form.get('Signature');
    form.delete('Signature');
    expect(signature).toBe(signAliyunRpc('POST', Object.fromEntries(form), 'SK'));
  });

  it('fails when the gateway refuses', async () => {
    const { url } = await gateway(() => ({
      status: 200,
      body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' },
    }));
    await expect(
      new AliyunSmsProvider(settings(url)).send('13800138000', '123456'),
    ).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
  });
});
