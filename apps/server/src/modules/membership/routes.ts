import {
  apiPaths,
  membershipInfo as membershipInfoData,
  membershipOrder,
  membershipOrderDetail,
  membershipPlan,
  orderListQuery,
  orderNoParams,
  pageData,
  paymentUrlData,
  purchaseBody,
  purchaseData,
  translate,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import { toOrder } from './orders-repository.ts';
import { membershipInfo, planList } from './plans.ts';

const tags = ['membership'];
const paths = apiPaths.membership;
const notPending = 'The order is no longer pending (paid, cancelled or expired)';

/** Plans, the membership in force, purchase and the purchase records; the caller's own only. */
export async function membershipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const orders = app.membershipOrders;

  app.get(
    paths.plans,
    {
      schema: {
        tags,
        summary: 'The membership plans (basic, pro, enterprise)',
        response: responses(z.array(membershipPlan)),
      },
    },
    async (request) => ok(request, planList(request.locale)),
  );

  app.get(
    paths.info,
    {
      schema: {
        tags,
        summary: 'The membership in force and its expiry',
        response: responses(membershipInfoData),
      },
    },
    async (request) =>
      ok(request, await membershipInfo(app.db, request.auth.userId, request.locale, new Date())),
  );

  app.post(
    paths.purchase,
    {
      schema: {
        tags,
        summary: 'Buy a plan: creates a pending order and its payment page',
        description:
          `The order waits for payment for 30 minutes, then expires. \`paymentUrl\` is the ` +
          "gateway's page-pay address (the sandbox's by default); after paying, the gateway " +
          'notifies the server and sends the browser back to /membership/result.',
        body: purchaseBody,
        response: responses(purchaseData),
      },
    },
    async (request) => {
      const { order, paymentUrl } = await orders.create(
        request.auth.userId,
        request.body.planId,
        request.locale,
        new Date(),
      );
      const message = translate(request.locale, 'success.orderCreated');
      return ok(
        request,
        { success: true, message, orderId: order.orderNo, paymentUrl },
        'success.orderCreated',
      );
    },
  );

  app.get(
    paths.orders,
    {
      schema: {
        tags,
        summary: 'Membership records: orders, newest first',
        querystring: orderListQuery,
        response: responses(pageData(membershipOrder)),
      },
    },
    async (request) => {
      const page = await orders.list(request.auth.userId, request.query, new Date());
      return ok(request, { ...page, list: page.list.map((row) => toOrder(row, request.locale)) });
    },
  );

  app.get(
    paths.order(':orderNo'),
    {
      schema: {
        tags,
        summary: 'An order with its payment (View detail, and the return page)',
        description:
          'A pending order is first checked with the gateway, so a payment whose notification ' +
          'has not arrived yet shows as paid; an overdue one shows as expired.',
        params: orderNoParams,
        response: responses(membershipOrderDetail),
      },
    },
    async (request) =>
      ok(
        request,
        await orders.detail(
          request.auth.userId,
          request.params.orderNo,
          request.locale,
          new Date(),
        ),
      ),
  );

  app.post(
    paths.pay(':orderNo'),
    {
      schema: {
        tags,
        summary: 'Pay a pending order: its payment page again',
        params: orderNoParams,
        response: responses(paymentUrlData, { 422: notPending }),
      },
    },
    async (request) => {
      const paymentUrl = await orders.payAgain(
        request.auth.userId,
        request.params.orderNo,
        request.locale,
        new Date(),
      );
      return ok(request, { paymentUrl });
    },
  );

  app.post(
    paths.cancel(':orderNo'),
    {
      schema: {
        tags,
        summary: 'Cancel a pending order',
        params: orderNoParams,
        response: responses(membershipOrder, { 422: notPending }),
      },
    },
    async (request) => {
      const row = await orders.cancel(
        request.auth.userId,
        request.params.orderNo,
        request.locale,
        new Date(),
      );
      return ok(request, toOrder(row, request.locale), 'success.orderCancelled');
    },
  );
}
