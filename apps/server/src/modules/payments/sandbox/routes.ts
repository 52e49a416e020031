import formbody from '@fastify/formbody';
import { apiPaths, errorEnvelope, translate, type Locale } from '@inviteflow/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { amountToFen } from '../gateway.ts';
import type { SandboxCredentials } from './credentials.ts';
import { checkoutPage, messagePage } from './page.ts';
import { requestSignContent, rsa2Sign, rsa2Verify } from './signing.ts';
import { formParams } from '../form-params.ts';
import { publicScope } from '../../../plugins/auth.ts';
import { closeTrade, findTrade, findTradeByNo, type SandboxTrade } from './repository.ts';
import {
  closeIfOverdue,
  deliverNotification,
  openTrade,
  parseAlipayTime,
  payTrade,
  returnParams,
} from './trades.ts';

const tags = ['sandbox'];

/** A parameter of Alipay's messages (every other parameter passes through unread). */
const param = (description: string) => z.string().optional().describe(description);

/** The signed request of the merchant's server, in the query (page pay) or the form (OpenAPI). */
const signedRequest = z.looseObject({
  app_id: param("The merchant app's id"),
  method: param('`alipay.trade.page.pay`, `alipay.trade.query` or `alipay.trade.close`'),
  charset: param('`utf-8`'),
  sign_type: param('`RSA2`'),
  sign: param("RSA2 signature over the other parameters, with the merchant app's key"),
  timestamp: param('`yyyy-MM-dd HH:mm:ss`'),
  version: param('`1.0`'),
  notify_url: param('Where the notification is posted (page pay)'),
  return_url: param('Where the browser goes back (page pay)'),
  biz_content: param(
    'JSON: `out_trade_no`, and `total_amount`, `subject`, `time_expire` for page pay',
  ),
});

/** The buyer's button on the cashier page. */
const cashierForm = z.looseObject({ trade_no: param("The sandbox's trade number") });

/** Alipay's forms are form-urlencoded. */
const consumes = ['application/x-www-form-urlencoded'];

const page = z.string().describe('An HTML page');
const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: page } },
});
/** A 400 is the HTML page (a request Alipay would refuse) or, for a malformed body, the JSON failure. */
const refused = (description: string) => ({
  description,
  content: { 'text/html': { schema: page }, 'application/json': { schema: errorEnvelope } },
});
/** Back to the merchant's return_url. */
const backToMerchant = z.undefined().meta({
  description: "To the merchant's `return_url` (`Location`), with the signed return parameters",
  headers: { location: { type: 'string', description: "The merchant's return_url" } },
});

function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(body);
}

/** A merchant request signed with the merchant app's key, for the sandbox's app. */
function verifiedRequest(params: Record<string, string>, creds: SandboxCredentials): boolean {
  return (
    params.app_id === creds.appId &&
    typeof params.sign === 'string' &&
    rsa2Verify(requestSignContent(params), params.sign, creds.merchantPublicKey)
  );
}

function bizContent(params: Record<string, string>): Record<string, string> | null {
  try {
    const parsed = JSON.parse(params.biz_content ?? '') as unknown;
    return parsed && typeof parsed === 'object' ? formParams(parsed) : null;
  } catch {
    return null;
  }
}

/** An OpenAPI answer as Alipay writes it: the response node and the platform's signature over its exact text. */
function signedAnswer(method: string, node: Record<string, string>, creds: SandboxCredentials) {
  const json = JSON.stringify(node);
  const key = `${method.replaceAll('.', '_')}_response`;
  return `{"${key}":${json},"sign":"${rsa2Sign(json, creds.platformPrivateKey)}"}`;
}

function queryNode(trade: SandboxTrade): Record<string, string> {
  const node: Record<string, string> = {
    code: '10000',
    msg: 'Success',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    trade_status: trade.tradeStatus,
    total_amount: trade.totalAmount,
  };
  if (trade.buyerLogonId) node.buyer_logon_id = trade.buyerLogonId;
  return node;
}

const signedAnswerSchema = z
  .record(z.string(), z.unknown())
  .describe('`alipay_trade_query_response` or `alipay_trade_close_response`, and `sign`');

const notExist = {
  code: '40004',
  msg: 'Business Failed',
  sub_code: 'ACQ.TRADE_NOT_EXIST',
  sub_msg: '交易不存在',
};

/**
 * The embedded sandbox gateway (PAYMENT_PROVIDER=sandbox only): it behaves like Alipay
 * page pay. GET on the gateway checks the merchant's signature and shows the cashier;
 * Pay sends the signed asynchronous notification to notify_url (retried by the job
 * until the merchant answers `success`) and redirects to return_url with signed
 * parameters; Cancel goes back to the merchant unpaid. POST on the gateway answers
 * alipay.trade.query and alipay.trade.close with signed responses.
 */
export async function sandboxGatewayRoutes(app: FastifyInstance) {
  // It plays Alipay, which has no session of ours: its pages and calls are public.
  publicScope(app);
  // Alipay speaks forms; only this plugin's routes accept them.
  await app.register(formbody);
  const creds = () => app.payments.sandbox();
  const say = (locale: Locale, reason: 'signature' | 'params' | 'tradeNotFound') =>
    translate(locale, 'sandbox.invalidRequest', {
      reason: translate(locale, `sandbox.reason.${reason}`),
    });

  app.get(
    apiPaths.sandbox.alipayGateway,
    {
      // Reached by the buyer's browser and the merchant's server: trusted through signatures.
      config: { public: true },
      schema: {
        tags,
        summary: 'Sandbox cashier (alipay.trade.page.pay)',
        description:
          'Opened by the buyer from the signed page-pay URL; shows the order, Pay and Cancel.',
        querystring: signedRequest,
        response: {
          200: htmlAnswer(
            'The cashier (order, Pay, Cancel), or the trade is already paid or closed',
          ),
          400: refused('The signature does not verify, or a parameter is missing or wrong'),
        },
      },
    },
    async (request, reply) => {
      const params = formParams(request.query);
      const sandbox = await creds();
      const locale = request.locale;
      if (!verifiedRequest(params, sandbox))
        return html(reply, 400, messagePage(locale, say(locale, 'signature')));
      const biz = bizContent(params);
      const amountFen = amountToFen(biz?.total_amount);
      if (
        params.method !== 'alipay.trade.page.pay' ||
        !biz?.out_trade_no ||
        !biz.subject ||
        amountFen === null ||
        amountFen <= 0 ||
        !isHttpUrl(params.notify_url) ||
        !isHttpUrl(params.return_url)
      ) {
        return html(reply, 400, messagePage(locale, say(locale, 'params')));
      }
      const trade = await openTrade(
        app.db,
        {
          appId: sandbox.appId,
          outTradeNo: biz.out_trade_no,
          subject: biz.subject,
          totalAmount: biz.total_amount!,
          notifyUrl: params.notify_url,
          returnUrl: params.return_url,
          timeExpire: parseAlipayTime(biz.time_expire),
        },
        new Date(),
      );
      if (trade.tradeStatus === 'TRADE_SUCCESS')
        return html(
          reply,
          200,
          messagePage(locale, translate(locale, 'sandbox.paid'), trade.returnUrl),
        );
      if (trade.tradeStatus === 'TRADE_CLOSED')
        return html(
          reply,
          200,
          messagePage(locale, translate(locale, 'sandbox.closed'), trade.returnUrl),
        );
      return html(
        reply,
        200,
        checkoutPage(locale, {
          tradeNo: trade.tradeNo,
          outTradeNo: trade.outTradeNo,
          subject: trade.subject,
          amountFen: amountToFen(trade.totalAmount) ?? 0,
          sellerId: sandbox.sellerId,
        }),
      );
    },
  );

  app.post(
    apiPaths.sandbox.pay,
    {
      // Reached by the buyer's browser and the merchant's server: trusted through signatures.
      config: { public: true },
      schema: {
        tags,
        summary: 'Sandbox cashier: the buyer pays',
        description:
          'Marks the trade paid, posts the signed notification to the merchant, and sends the ' +
          'browser back to its return_url.',
        consumes,
        body: cashierForm,
        response: {
          200: htmlAnswer('The trade was closed before it was paid'),
          303: backToMerchant,
          404: htmlAnswer('No such trade'),
        },
      },
    },
    async (request, reply) => {
      const locale = request.locale;
      const tradeNo = formParams(request.body).trade_no ?? '';
      const now = new Date();
      const { trade, paidNow } = await payTrade(app.db, tradeNo, now);
      if (!trade) return html(reply, 404, messagePage(locale, say(locale, 'tradeNotFound')));
      if (trade.tradeStatus === 'TRADE_CLOSED')
        return html(
          reply,
          200,
          messagePage(locale, translate(locale, 'sandbox.closed'), trade.returnUrl),
        );
      if (paidNow) {
        // Like Alipay, the notification goes first; if the merchant does not answer
        // `success`, the job tries again later. The browser returns either way.
        await deliverNotification(app, trade.tradeNo, now).catch((error: unknown) =>
          request.log.warn({ err: error }, 'sandbox gateway: notification failed'),
        );
      }
      const sandbox = await creds();
      return reply.redirect(withQuery(trade.returnUrl, returnParams(trade, sandbox, now)), 303);
    },
  );

  app.post(
    apiPaths.sandbox.cancel,
    {
      // Reached by the buyer's browser and the merchant's server: trusted through signatures.
      config: { public: true },
      schema: {
        tags,
        summary: 'Sandbox cashier: the buyer goes back without paying',
        consumes,
        body: cashierForm,
        response: {
          303: backToMerchant,
          404: htmlAnswer('No such trade'),
        },
      },
    },
    async (request, reply) => {
      const tradeNo = formParams(request.body).trade_no ?? '';
      const sandbox = await creds();
      const trade = tradeNo ? await findTradeByNo(app.db, sandbox.appId, tradeNo) : undefined;
      if (!trade)
        return html(reply, 404, messagePage(request.locale, say(request.locale, 'tradeNotFound')));
      return reply.redirect(withQuery(trade.returnUrl, { out_trade_no: trade.outTradeNo }), 303);
    },
  );

  app.post(
    apiPaths.sandbox.alipayGateway,
    {
      // Reached by the buyer's browser and the merchant's server: trusted through signatures.
      config: { public: true },
      schema: {
        tags,
        summary: 'Sandbox OpenAPI: alipay.trade.query and alipay.trade.close',
        description:
          'As Alipay answers: always 200, `{"<method>_response": {code, msg, ...}, "sign": ...}`, ' +
          "signed with the platform's key; `code` 10000 is success, 40002 a bad signature, " +
          '40004 a refusal (`sub_code` says which).',
        consumes,
        body: signedRequest,
        response: {
          200: {
            description: 'The signed answer (also for a refusal)',
            content: { 'application/json': { schema: signedAnswerSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const params = { ...formParams(request.query), ...formParams(request.body) };
      const sandbox = await creds();
      const method = params.method ?? '';
      const answer = (node: Record<string, string>) =>
        reply.type('application/json; charset=utf-8').send(signedAnswer(method, node, sandbox));
      if (!verifiedRequest(params, sandbox)) {
        return answer({
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
      }
      const outTradeNo = bizContent(params)?.out_trade_no ?? '';
      const found = outTradeNo ? await findTrade(app.db, sandbox.appId, outTradeNo) : undefined;
      if (!found) return answer(notExist);
      const trade = await closeIfOverdue(app.db, found, new Date());
      if (method === 'alipay.trade.query') return answer(queryNode(trade));
      if (method === 'alipay.trade.close') {
        if (trade.tradeStatus === 'TRADE_SUCCESS') {
          return answer({
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
            sub_msg: '交易状态不合法',
          });
        }
        await closeTrade(app.db, trade.tradeNo);
        return answer({
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
        });
      }
      return answer({
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'isv.invalid-method',
        sub_msg: '不存在的方法名',
      });
    },
  );
}
