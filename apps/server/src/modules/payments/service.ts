import { apiPaths } from '@inviteflow/contract';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { AlipayGateway } from './gateway.ts';
import { sandboxCredentials, type SandboxCredentials } from './sandbox/credentials.ts';

/** Where the console shows the outcome of a payment (the gateway's return_url). */
export const paymentReturnPath = '/membership/result';

/**
 * The payment gateway of this deployment (config PAYMENT_PROVIDER): real Alipay, or the
 * embedded sandbox served by this server. Both are spoken to through `AlipayGateway`.
 */
export class Payments {
  private gatewayPromise: Promise<AlipayGateway> | null = null;

  /** Built once in app.ts from exactly what it uses, never the whole Fastify instance (issue 18). */
  constructor(private readonly deps: { db: Database; config: Config }) {}

  get kind(): 'sandbox' | 'alipay' {
    return this.deps.config.payment.provider;
  }

  get notifyUrl(): string {
    return `${this.deps.config.publicUrl}${apiPaths.payments.alipayNotify}`;
  }

  get returnUrl(): string {
    return `${this.deps.config.publicUrl}${paymentReturnPath}`;
  }

  /** The sandbox's own keys (sandbox mode only). */
  sandbox(): Promise<SandboxCredentials> {
    return sandboxCredentials(this.deps.db);
  }

  gateway(): Promise<AlipayGateway> {
    this.gatewayPromise ??= this.createGateway().catch((error: unknown) => {
      this.gatewayPromise = null;
      throw error;
    });
    return this.gatewayPromise;
  }

  private async createGateway(): Promise<AlipayGateway> {
    const payment = this.deps.config.payment;
    if (payment.provider === 'alipay') return AlipayGateway.create('alipay', payment);
    const sandbox = await this.sandbox();
    return AlipayGateway.create('sandbox', {
      appId: sandbox.appId,
      privateKey: sandbox.merchantPrivateKey,
      alipayPublicKey: sandbox.platformPublicKey,
      gateway: `${this.deps.config.publicUrl}${apiPaths.sandbox.alipayGateway}`,
      sellerId: sandbox.sellerId,
    });
  }
}
