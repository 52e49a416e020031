import { createHmac, randomUUID } from 'node:crypto';
import type { SmsPurpose } from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.ts';

/**
 * A message that tells, not asks: no code, nothing to type. `phone-changed` goes to the
 * account's old number when it is replaced, so a takeover does not go unseen.
 */
export type SmsNotice = { kind: 'phone-changed'; newPhoneNumber: string };

/**
 * Sends verification codes and notices to phones. The only edge of the world on the
 * SMS path.
 */
export interface SmsProvider {
  readonly name: string;
  send(phoneNumber: string, code: string, purpose: SmsPurpose): Promise<void>;
  notify(phoneNumber: string, notice: SmsNotice): Promise<void>;
}

/** 138****8000: enough for the owner to recognise a number, not enough to call it. */
export function maskPhone(phoneNumber: string): string {
  return phoneNumber.length >= 7
    ? `${phoneNumber.slice(0, 3)}****${phoneNumber.slice(-4)}`
    : '****';
}

/**
 * The embedded default: one server log line per code, holding the phone number
 * and the code, so a developer (or a browser test) can read it. This is the
 * only log line that ever carries a code.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(private readonly logger: FastifyBaseLogger) {}

  async send(phoneNumber: string, code: string, purpose: SmsPurpose): Promise<void> {
    this.logger.info(
      { sms: { phoneNumber, code, purpose } },
      `[sms:console] verification code for ${phoneNumber} (${purpose}): ${code}`,
    );
  }

  async notify(phoneNumber: string, notice: SmsNotice): Promise<void> {
    const newPhone = maskPhone(notice.newPhoneNumber);
    this.logger.info(
      { sms: { phoneNumber, notice: notice.kind, newPhone } },
      `[sms:console] notice for ${phoneNumber} (${notice.kind}): the account's phone number is now ${newPhone}`,
    );
  }
}

/** RFC 3986 encoding as Alibaba Cloud's RPC signature (v1) requires. */
function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

/** Signs an Alibaba Cloud RPC request (HMAC-SHA1, SignatureVersion 1.0). */
export function signAliyunRpc(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/**
 * Alibaba Cloud SMS (Dysmsapi SendSms). Codes use the verification template, which must
 * take a `code` parameter; notices use the notice template (ALIYUN_SMS_NOTICE_TEMPLATE_CODE),
 * which must take a `phone` parameter (the new number, masked).
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly settings: Extract<Config['sms'], { provider: 'aliyun' }>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(phoneNumber: string, code: string): Promise<void> {
    await this.sendSms(phoneNumber, this.settings.templateCode, { code });
  }

  async notify(phoneNumber: string, notice: SmsNotice): Promise<void> {
    await this.sendSms(phoneNumber, this.settings.noticeTemplateCode, {
      phone: maskPhone(notice.newPhoneNumber),
    });
  }

  private async sendSms(
    phoneNumber: string,
    templateCode: string,
    templateParam: Record<string, string>,
  ): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phoneNumber,
      RegionId: 'cn-hangzhou',
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = signAliyunRpc('POST', params, this.settings.accessKeySecret);
    const response = await this.fetchImpl(this.settings.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (!response.ok || body.Code !== 'OK') {
      throw new Error(
        `Aliyun SMS refused the message: ${body.Code ?? response.status} ${body.Message ?? ''}`,
      );
    }
  }
}

export function createSmsProvider(config: Config['sms'], logger: FastifyBaseLogger): SmsProvider {
  return config.provider === 'aliyun'
    ? new AliyunSmsProvider(config)
    : new ConsoleSmsProvider(logger);
}
