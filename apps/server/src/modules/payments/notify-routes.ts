import formbody from '@fastify/formbody';
import { apiPaths } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formParams } from './form-params.ts';
import { isSettled, type PaymentSettler } from './report.ts';
import { failure } from '../../lib/route-schemas.ts';

/**
 * The gateway's asynchronous payment notification (public: no bearer token; trusted
 * only through its RSA2 signature). Answers plain `success` once the payment is in
 * our books (committed, or found there already), else `failure`, so the gateway
 * tries again.
 */
export async function paymentNotifyRoutes(
  app: FastifyInstance,
  opts: {
    /** membership/settle.ts's settlePayment, passed in by app.ts (see PaymentSettler). */
    settle: PaymentSettler;
  },
) {
  await app.register(formbody);
  app.post(
    apiPaths.payments.alipayNotify,
    {
      config: { public: true },
      schema: {
        tags: ['payments'],
        summary: 'Alipay asynchronous notification (called by the gateway)',
        description:
          'Form-urlencoded, signed by the gateway (RSA2). Accepted only when the signature ' +
          "verifies, the order exists, the amount equals the order's price, app_id (and seller_id " +
          'when configured) match and trade_status is TRADE_SUCCESS or TRADE_FINISHED. Idempotent. ' +
          'Answers text/plain `success` after the commit, else `failure`. A notification whose ' +
          'signature fails is not recorded; more than 20 of them a minute from one address answer 429.',
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: z.record(z.string(), z.unknown()),
        response: {
          200: {
            description:
              '`success` once the payment is in the books (or was already), else `failure`: ' +
              'the gateway sends the notification again',
            content: { 'text/plain': { schema: z.enum(['success', 'failure']) } },
          },
          429: failure(
            'More than 20 notifications with a bad signature from this address in a minute: ' +
              'wait the seconds in Retry-After',
          ),
        },
      },
    },
    async (request, reply) => {
      const params = formParams(request.body);
      const gateway = await app.payments.gateway();
      const signatureValid = gateway.verify(params);
      if (!signatureValid) {
        // Not the gateway's: nothing is written, and each address gets a few log lines a
        // minute, then 429 (counted before the line, so a burst cannot pass the limit).
        await app.limits.consume('forgedNotificationsPerIp', request.ip, 'error.tooManyRequests');
        request.log.warn(
          { orderNo: params.out_trade_no?.slice(0, 64), ip: request.ip },
          'payment notification refused: signature',
        );
      }
      const outcome = await opts.settle(gateway, {
        source: 'notify',
        signatureValid,
        orderNo: params.out_trade_no ?? '',
        appId: params.app_id ?? '',
        // Absent counts as wrong: a notification must name our seller when one is configured.
        sellerId: params.seller_id ?? '',
        tradeStatus: params.trade_status ?? null,
        tradeNo: params.trade_no ?? null,
        totalAmount: params.total_amount ?? null,
        buyerLogonId: params.buyer_logon_id ?? null,
      });
      if (signatureValid)
        request.log.info({ orderNo: params.out_trade_no, outcome }, 'payment notification');
      return reply
        .type('text/plain; charset=utf-8')
        .send(isSettled(outcome) ? 'success' : 'failure');
    },
  );
}
