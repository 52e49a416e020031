import type { AlipaySdk } from 'alipay-sdk';
import { formatInZone } from '../../lib/time-zones.ts';

/** Alipay's statuses that mean the money has arrived. */
export const PAID_TRADE_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED'] as const;

export function isPaidStatus(status: string | null | undefined): boolean {
  return (PAID_TRADE_STATUSES as readonly string[]).includes(status ?? '');
}

/** Alipay's times (notify_time, time_expire, ...) are China time, `yyyy-MM-dd HH:mm:ss`. */
export function alipayTime(date: Date): string {
  return formatInZone(date, 'Asia/Shanghai');
}

/**
 * A request's `timestamp` for the gateway. The SDK would write the process's local wall
 * time, which on a server running in UTC is eight hours off the China time Alipay reads
 * it as (and refuses: isv.invalid-timestamp); so every request carries its own.
 */
function requestTimestamp(): string {
  return alipayTime(new Date());
}

/** Fen as Alipay writes amounts: yuan with two decimals. */
export function fenToAmount(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** An Alipay amount ("299.00", "0.5") in fen, read as text so no float ever rounds it; null when it is not one. */
export function amountToFen(amount: string | null | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export interface GatewayCredentials {
  appId: string;
  /** The merchant's private key (PEM): signs every request. */
  privateKey: string;
  /** The gateway's public key (PEM): verifies notifications and responses. */
  alipayPublicKey: string;
  /** The gateway's address, e.g. https://openapi.alipay.com/gateway.do. */
  gateway: string;
  /** The merchant's seller id at the gateway; checked on notifications when known. */
  sellerId: string | null;
}

export interface PagePayRequest {
  orderNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  expiresAt: Date;
}

export interface TradeQueryResult {
  found: boolean;
  tradeStatus: string | null;
  tradeNo: string | null;
  totalAmount: string | null;
  buyerLogonId: string | null;
}

/** The gateway could not be asked (network, bad answer, signature): try again later. */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
}

/**
 * The merchant side of Alipay page pay, in both modes: the real gateway with the
 * merchant's keys, or the embedded sandbox with keys generated for it. The same SDK
 * signs the page-pay URL, verifies notifications (RSA2) and asks `alipay.trade.query`.
 */
export class AlipayGateway {
  /**
   * The SDK (and its HTTP client) is loaded on the first payment, not at start: some 20 MB
   * a server that takes no payment today does not need (docs/performance.md, memory).
   */
  static async create(
    kind: 'sandbox' | 'alipay',
    credentials: GatewayCredentials,
  ): Promise<AlipayGateway> {
    const { AlipaySdk } = await import('alipay-sdk');
    const sdk = new AlipaySdk({
      appId: credentials.appId,
      // The SDK rebuilds the PEM from its lines; a trailing newline would end up inside it.
      privateKey: credentials.privateKey.trim(),
      alipayPublicKey: credentials.alipayPublicKey.trim(),
      gateway: credentials.gateway,
      signType: 'RSA2',
      timeout: 10_000,
    });
    return new AlipayGateway(kind, credentials, sdk);
  }

  private constructor(
    readonly kind: 'sandbox' | 'alipay',
    readonly credentials: GatewayCredentials,
    private readonly sdk: AlipaySdk,
  ) {}

  get appId(): string {
    return this.credentials.appId;
  }

  get sellerId(): string | null {
    return this.credentials.sellerId;
  }

  /** The signed page-pay URL the buyer's browser opens (alipay.trade.page.pay, GET). */
  pagePayUrl(request: PagePayRequest): string {
    return this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: request.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: fenToAmount(request.amountFen),
        subject: request.subject,
        time_expire: alipayTime(request.expiresAt),
      },
      notifyUrl: request.notifyUrl,
      returnUrl: request.returnUrl,
      timestamp: requestTimestamp(),
    });
  }

  /** True when an asynchronous notification (or return redirect) was signed by the gateway. */
  verify(params: Record<string, string>): boolean {
    try {
      // V2: the values arrive decoded already (form body), so they are not decoded again.
      return this.sdk.checkNotifySignV2(params);
    } catch {
      return false;
    }
  }

  /** alipay.trade.query, its answer's signature verified. */
  async query(orderNo: string): Promise<TradeQueryResult> {
    let result: Record<string, unknown>;
    try {
      result = (await this.sdk.exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: orderNo }, timestamp: requestTimestamp() },
        { validateSign: true },
      )) as Record<string, unknown>;
    } catch (error) {
      throw new GatewayUnavailableError(
        `alipay.trade.query failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = (key: string) =>
      typeof result[key] === 'string' ? (result[key] as string) : null;
    if (text('code') === '10000') {
      return {
        found: true,
        tradeStatus: text('tradeStatus'),
        tradeNo: text('tradeNo'),
        totalAmount: text('totalAmount'),
        buyerLogonId: text('buyerLogonId'),
      };
    }
    if (text('subCode') === 'ACQ.TRADE_NOT_EXIST') {
      return {
        found: false,
        tradeStatus: null,
        tradeNo: null,
        totalAmount: null,
        buyerLogonId: null,
      };
    }
    throw new GatewayUnavailableError(
      `alipay.trade.query answered ${text('code')} ${text('subCode') ?? ''} ${text('subMsg') ?? ''}`,
    );
  }

  /** alipay.trade.close: an unpaid trade can no longer be paid (best effort; a trade never opened does not exist). */
  async close(orderNo: string): Promise<void> {
    try {
      await this.sdk.exec(
        'alipay.trade.close',
        { bizContent: { out_trade_no: orderNo }, timestamp: requestTimestamp() },
        { validateSign: true },
      );
    } catch (error) {
      throw new GatewayUnavailableError(
        `alipay.trade.close failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
