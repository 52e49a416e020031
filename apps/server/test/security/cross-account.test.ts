import { apiPaths, type ExportTicket } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { describeApi, type Harness } from '../support/harness.ts';
import { csvFile } from '../support/talents.ts';
import {
  apiRoutes,
  fillPath,
  inputJsonSchema,
  isIdField,
  propertyPaths,
  routeEntries,
  type Method,
  type RouteEntry,
} from './support/route-table.ts';
import { envelopeProblem, send, type Request, type Sent } from './support/send.ts';
import { accountRows, changedTables, wholeDatabase } from './support/snapshot.ts';
import { MARK, makeWorld, type World } from './support/world.ts';

/**
 * The cross-account matrix, generated from the route table of the real app: every
 * route that names a resource (a path id, or an id field in its body or query) is
 * called by seller B with seller A's ids, and must answer as if the row did not exist,
 * with nothing of A's changed; every other call of B's leaves A's rows alone and shows
 * none of A's data. A route the tables below cannot fill fails the suite.
 */

interface Arranged {
  params: Record<string, string | number>;
  body?: unknown;
}

/** A path-id route: how to make A's fresh row for it, and a body a valid call carries. */
type PathCase = (w: World) => Promise<Arranged>;

const tpl = apiPaths.templates;
/** A lease id nobody holds. */
const ANY_LEASE = '00000000-0000-4000-8000-000000000000';
const editTalent = { platform: 'douyin', platformTalentId: 'B_was_here', name: 'B was here' };
const editRecord = {
  taskType: 'free_product',
  contentType: 'image_text',
  setName: 'B was here',
  message: 'B was here',
};

const pathCases: Record<string, PathCase> = {
  [`GET ${tpl.scripts}/:id`]: async (w) => ({ params: await w.a.scriptTemplate() }),
  [`PUT ${tpl.scripts}/:id`]: async (w) => ({
    params: await w.a.scriptTemplate(),
    body: { content: 'B was here' },
  }),
  [`DELETE ${tpl.scripts}/:id`]: async (w) => ({ params: await w.a.scriptTemplate() }),
  [`GET ${tpl.products}/:id`]: async (w) => ({ params: await w.a.productTemplate() }),
  [`PUT ${tpl.products}/:id`]: async (w) => ({
    params: await w.a.productTemplate(),
    body: { productId: 'B-was-here', productName: 'B was here' },
  }),
  [`DELETE ${tpl.products}/:id`]: async (w) => ({ params: await w.a.productTemplate() }),
  'GET /api/v1/talents/:id': async (w) => ({ params: await w.a.talent() }),
  'PUT /api/v1/talents/:id': async (w) => ({ params: await w.a.talent(), body: editTalent }),
  'DELETE /api/v1/talents/:id': async (w) => ({ params: await w.a.talent() }),
  'GET /api/v1/talents/:id/follow-ups': async (w) => ({
    params: { id: (await w.a.followUp()).talentId },
  }),
  'GET /api/v1/talents/:id/orders': async (w) => ({ params: await w.a.talent() }),
  'POST /api/v1/talents/:id/follow-ups': async (w) => ({
    params: { id: (await w.a.followUp()).talentId },
    body: { content: 'B was here', status: 'rejected' },
  }),
  'GET /api/v1/talents/exports/:exportId': async (w) => ({
    params: { exportId: (await w.a.talentExport()).exportId },
  }),
  'DELETE /api/v1/blacklist/:id': async (w) => ({ params: await w.a.blacklistEntry() }),
  'GET /api/v1/membership/orders/:orderNo': async (w) => ({ params: await w.a.order() }),
  'POST /api/v1/membership/orders/:orderNo/pay': async (w) => ({ params: await w.a.order() }),
  'POST /api/v1/membership/orders/:orderNo/cancel': async (w) => ({ params: await w.a.order() }),
  'GET /api/v1/shops/:id': async (w) => ({ params: await w.a.shop() }),
  'POST /api/v1/shops/:id/bind': async (w) => ({ params: await w.a.shop() }),
  'POST /api/v1/shops/:id/unbind': async (w) => ({ params: await w.a.shop() }),
  'GET /api/v1/send-records/:id': async (w) => ({ params: { id: (await w.a.sendRecord()).id } }),
  'PUT /api/v1/send-records/:id': async (w) => ({
    params: { id: (await w.a.sendRecord()).id },
    body: editRecord,
  }),
  'DELETE /api/v1/send-records/:id': async (w) => ({
    params: { id: (await w.a.sendRecord()).id },
  }),
  // A's shop: B's call finds no shop of B's (404); A's own is answered (422: bound by hand).
  'GET /api/v1/platforms/doudian/shops/:shopId/activities': async (w) => ({
    params: { shopId: (await w.a.shop()).id },
  }),
  'GET /api/v1/send-records/tasks/:taskId/platform-calls': async (w) => ({
    params: { taskId: (await w.a.sendRecord()).taskId },
  }),
  // Follow-ups for non-responders (issue 19): A's task, and A's follow-up of it.
  'GET /api/v1/send-records/tasks/:taskId/follow-ups': async (w) => ({
    params: { taskId: (await w.a.sendRecord()).taskId },
  }),
  'POST /api/v1/send-records/tasks/:taskId/follow-ups/:id/cancel': async (w) => {
    const followUp = await w.a.taskFollowUp();
    return { params: { taskId: followUp.taskId, id: followUp.id } };
  },
  'GET /api/v1/send-records/export/:exportId': async (w) => ({
    params: { exportId: (await w.a.recordExport()).exportId },
  }),
  // The browser channel (issue 17): A's browser action, shop and connected browser.
  'POST /api/v1/extension/actions/:id/started': async (w) => ({
    params: { id: (await w.a.browserAction()).id },
    body: { leaseId: ANY_LEASE },
  }),
  'POST /api/v1/extension/actions/:id/report': async (w) => {
    const action = await w.a.browserAction();
    return {
      params: { id: action.id },
      body: {
        leaseId: ANY_LEASE,
        packVersion: 1,
        outcomes: [{ recordId: action.recordId, result: 'sent' }],
      },
    };
  },
  'POST /api/v1/extension/actions/:id/reconcile': async (w) => {
    const action = await w.a.browserAction();
    return {
      params: { id: action.id },
      body: { packVersion: 1, outcomes: [{ recordId: action.recordId, result: 'sent' }] },
    };
  },
  'POST /api/v1/extension/shops/:shopId/resume': async (w) => ({
    params: { shopId: (await w.a.shop()).id },
    body: { reason: 'captcha' },
  }),
  'DELETE /api/v1/user/browsers/:id': async (w) => ({ params: await w.a.browser() }),
  // Conversations (issue 19): A's talent, record and conversation.
  'GET /api/v1/talents/:id/conversations': async (w) => ({ params: await w.a.talent() }),
  'GET /api/v1/send-records/:id/conversation': async (w) => ({
    params: { id: (await w.a.sendRecord()).id },
  }),
  'GET /api/v1/conversations/:id/messages': async (w) => ({
    params: { id: (await w.a.conversation()).id },
  }),
  'GET /api/v1/conversations/:id': async (w) => ({
    params: { id: (await w.a.conversation()).id },
  }),
  'POST /api/v1/conversations/:id/read': async (w) => ({
    params: { id: (await w.a.conversation()).id },
  }),
  // Samples (issue 19): A's sample request, reviewed by B: not found (the platform never asked).
  'POST /api/v1/samples/:id/review': async (w) => ({
    params: await w.a.sample(),
    body: { result: 'approve' },
  }),
};

/**
 * Routes whose path token is the credential (a one-time download link): there is no
 * "another account" to be, so they are proven differently (see the test below).
 */
const capabilityRoutes: Record<string, (w: World) => Promise<ExportTicket>> = {
  'GET /api/v1/talents/exports/download/:token': (w) => w.a.talentExport(),
  'GET /api/v1/send-records/export/download/:token': (w) => w.a.recordExport(),
};

/** The case of a route: HEAD runs its GET's handler, so it takes the GET's case. */
function keyOf(route: RouteEntry): string {
  return route.method === 'HEAD' ? `GET ${route.url}` : route.key;
}

/**
 * Id fields that do not point at a row of ours: they cannot reach another account.
 * Each with the reason; any other id field must be in `bodyIdCases`.
 */
const notOwnershipIds: Record<string, string> = {
  planId: 'a plan name (basic, pro, enterprise), the same for everyone',
  platformTalentId: "the talent's id on TikTok Shop or Douyin, unique only within an account",
  productId: "the seller's own product code, unique only within an account",
  creatorUserOpenId:
    "a TikTok creator's Creator Open ID, the platform's, unique only within an account",
  buyinId: "a Douyin talent's 百应ID, the platform's, unique only within an account",
  activityId: "a 抖店 团长 activity's id, the platform's, read from the shop's own list",
  colonelBuyinId: "a 抖店 团长's 百应ID, the platform's, not a row of ours",
  packId: "a page pack's name (tiktok.target-invitation, …), the same for everyone",
  leaseId:
    "the lease a claim handed to a browser: checked with the action of the path (another's answers 409 like a made-up one, the action itself 404), never a row's key",
  requestId:
    "the platform's request id in its answer, kept as text for support, names no row of ours",
  openIds:
    "TikTok creators' Creator Open IDs, the platform's: an add reads them only from this account's own recent search results",
  beforeId:
    "a message of the path's conversation, read only within it (the conversation is checked first: another's answers 404)",
};

/** How B's answer with A's id must look. */
type Expectation =
  /** 404, exactly as for an id that exists nowhere. */
  | 'notFound'
  /** The same answer as with an id that exists nowhere (a business-rule refusal that names no row). */
  | 'asUnknown'
  /** 200 with nothing of A's (a filter by another account's id matches nothing). */
  | 'empty';

interface BodyIdVariant {
  field: string;
  expect: Expectation;
  /** A route with a path id of its own: B's row it names (the body's ids are the test). */
  params?: (w: World) => Record<string, string | number>;
  /** The request with A's ids (`unknown`: with ids that exist nowhere). */
  request: (w: World, ids: 'theirs' | 'unknown') => Omit<Request, 'method' | 'url' | 'token'>;
}

const NOWHERE = 2_000_000_000;

function talentIdsOf(w: World, ids: 'theirs' | 'unknown') {
  return ids === 'theirs' ? [w.seeded.talent.id] : [NOWHERE];
}
function shopOf(w: World, ids: 'theirs' | 'unknown') {
  return ids === 'theirs' ? w.seeded.record.shopId : NOWHERE;
}
function taskOf(w: World, ids: 'theirs' | 'unknown') {
  return ids === 'theirs' ? w.seeded.record.taskId : NOWHERE;
}

const task = (w: World, extra: Record<string, unknown>) => ({
  shopId: w.bShop.id,
  taskType: 'free_product',
  contentType: 'image_text',
  filterType: 'manual',
  talentIds: [w.bTalent.id],
  script: 'B was here {talentName}',
  setName: 'B was here',
  ...extra,
});

const importCsv = () => ({
  content: csvFile([
    ['Talent ID', 'Talent name', 'Platform'],
    ['b_import_1', 'B import', 'douyin'],
  ]),
  filename: 'talents.csv',
});
const importFields = (w: World, extra: Record<string, string>) => ({
  shopId: String(w.bShop.id),
  taskType: 'free_product',
  contentType: 'image_text',
  script: 'B was here {talentName}',
  setName: 'B was here',
  ...extra,
});

const bodyIdCases: Record<string, BodyIdVariant[]> = {
  'POST /api/v1/talents/batch/status': [
    {
      field: 'ids',
      expect: 'notFound',
      request: (w, ids) => ({ body: { ids: talentIdsOf(w, ids), status: 'rejected' } }),
    },
  ],
  'POST /api/v1/talents/batch/labels': [
    {
      field: 'ids',
      expect: 'notFound',
      request: (w, ids) => ({ body: { ids: talentIdsOf(w, ids), labels: ['B'], mode: 'add' } }),
    },
  ],
  'POST /api/v1/talents/batch/blacklist': [
    {
      field: 'ids',
      expect: 'notFound',
      request: (w, ids) => ({ body: { ids: talentIdsOf(w, ids), reason: 'B was here' } }),
    },
  ],
  'POST /api/v1/messages/read': [
    {
      field: 'ids',
      expect: 'notFound',
      request: (w, ids) => ({
        body: { ids: ids === 'theirs' ? [w.seeded.message.id] : [NOWHERE] },
      }),
    },
  ],
  'GET /api/v1/send-records': [
    {
      field: 'shopId',
      expect: 'empty',
      request: (w, ids) => ({ query: { shopId: String(shopOf(w, ids)) } }),
    },
    {
      field: 'taskId',
      expect: 'empty',
      request: (w, ids) => ({ query: { taskId: String(taskOf(w, ids)) } }),
    },
  ],
  'GET /api/v1/send-records/count': [
    {
      field: 'shopId',
      expect: 'empty',
      request: (w, ids) => ({ query: { shopId: String(shopOf(w, ids)) } }),
    },
    {
      field: 'taskId',
      expect: 'empty',
      request: (w, ids) => ({ query: { taskId: String(taskOf(w, ids)) } }),
    },
  ],
  'GET /api/v1/send-records/funnel': [
    {
      // Grouped by shop, so A's shop (its name carries the marker) would show if it leaked.
      field: 'shopId',
      expect: 'empty',
      request: (w, ids) => ({ query: { shopId: String(shopOf(w, ids)), groupBy: 'shop' } }),
    },
  ],
  'POST /api/v1/send-records/export': [
    {
      field: 'shopId',
      expect: 'empty',
      request: (w, ids) => ({ body: { format: 'csv', shopId: shopOf(w, ids) } }),
    },
    {
      field: 'taskId',
      expect: 'empty',
      request: (w, ids) => ({ body: { format: 'csv', taskId: taskOf(w, ids) } }),
    },
  ],
  'POST /api/v1/send-records/preview': [
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          shopId: shopOf(w, ids),
          taskType: 'free_product',
          filterType: 'manual',
          talentIds: [w.bTalent.id],
        },
      }),
    },
    {
      field: 'talentIds',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          shopId: w.bShop.id,
          taskType: 'free_product',
          filterType: 'manual',
          talentIds: talentIdsOf(w, ids),
        },
      }),
    },
  ],
  'POST /api/v1/send-records': [
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({ body: task(w, { shopId: shopOf(w, ids) }) }),
    },
    {
      field: 'talentIds',
      expect: 'notFound',
      request: (w, ids) => ({ body: task(w, { talentIds: talentIdsOf(w, ids) }) }),
    },
    {
      field: 'scriptTemplateId',
      expect: 'asUnknown',
      request: (w, ids) => ({
        body: task(w, {
          scriptTemplateId: ids === 'theirs' ? w.seeded.scriptTemplate.id : NOWHERE,
        }),
      }),
    },
    {
      field: 'productTemplateIds',
      expect: 'asUnknown',
      request: (w, ids) => ({
        body: task(w, {
          productTemplateIds: [ids === 'theirs' ? w.seeded.productTemplate.id : NOWHERE],
        }),
      }),
    },
  ],
  // Conversations (issue 19): A's conversation, talent, shop, product template or record named
  // in B's message is not found, exactly as one that exists nowhere (nothing is sent).
  // Opening a conversation (issue 19): A's talent or shop in B's call is not found, as one
  // that exists nowhere (nothing reaches the platform).
  'POST /api/v1/conversations': [
    {
      field: 'talentId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          talentId: ids === 'theirs' ? w.seeded.conversation.talentId : NOWHERE,
          shopId: w.bShop.id,
        },
      }),
    },
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          talentId: w.bTalent.id,
          shopId: ids === 'theirs' ? w.seeded.conversation.shopId : NOWHERE,
        },
      }),
    },
  ],
  'POST /api/v1/conversations/messages': [
    {
      field: 'conversationId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          conversationId: ids === 'theirs' ? w.seeded.conversation.id : NOWHERE,
          message: { type: 'TEXT', text: 'B was here' },
        },
      }),
    },
    {
      field: 'talentId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          talentId: ids === 'theirs' ? w.seeded.conversation.talentId : NOWHERE,
          shopId: w.bShop.id,
          message: { type: 'TEXT', text: 'B was here' },
        },
      }),
    },
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          talentId: w.bTalent.id,
          shopId: ids === 'theirs' ? w.seeded.conversation.shopId : NOWHERE,
          message: { type: 'TEXT', text: 'B was here' },
        },
      }),
    },
    {
      field: 'message.productTemplateId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          talentId: w.bTalent.id,
          shopId: w.bShop.id,
          message: {
            type: 'PRODUCT_CARD',
            productTemplateId: ids === 'theirs' ? w.seeded.productTemplate.id : NOWHERE,
          },
        },
      }),
    },
    {
      field: 'message.recordId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: {
          talentId: w.bTalent.id,
          shopId: w.bShop.id,
          message: {
            type: 'TARGET_COLLABORATION_CARD',
            recordId: ids === 'theirs' ? w.seeded.record.id : NOWHERE,
          },
        },
      }),
    },
  ],
  // Find creators (issue 19): another account's shop is not found, exactly as one that exists
  // nowhere (and the platform is never asked).
  'GET /api/v1/creator-marketplace/creators': [
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({ query: { shopId: String(shopOf(w, ids)) } }),
    },
  ],
  'POST /api/v1/creator-marketplace/talents': [
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({
        body: { shopId: shopOf(w, ids), openIds: ['uACafQAAAABmUU2qon4R0vUYvUVS3QC6'] },
      }),
    },
  ],
  // Samples (issue 19): a filter by A's shop or talent matches nothing of B's.
  'GET /api/v1/samples': [
    {
      field: 'shopId',
      expect: 'empty',
      request: (w, ids) => ({ query: { shopId: String(shopOf(w, ids)) } }),
    },
    {
      field: 'talentId',
      expect: 'empty',
      request: (w, ids) => ({ query: { talentId: String(talentIdsOf(w, ids)[0]) } }),
    },
  ],
  'POST /api/v1/extension/actions/claim': [
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({ body: { shopId: shopOf(w, ids) } }),
    },
  ],
  // B's own action in doubt, reconciled naming A's record: ignored, exactly as a record that
  // exists nowhere, and nothing written.
  'POST /api/v1/extension/actions/:id/reconcile': [
    {
      field: 'recordId',
      expect: 'asUnknown',
      params: (w) => ({ id: w.bInDoubt.actionId }),
      request: (w, ids) => ({
        body: {
          packVersion: 1,
          outcomes: [
            { recordId: ids === 'theirs' ? w.seeded.record.id : NOWHERE, result: 'not_sent' },
          ],
        },
      }),
    },
  ],
  // B naming A's record in a report: only under a lease B holds; B's in-doubt action holds
  // none, so both answer the same 409 and nothing is written (browser-channel.test.ts shows
  // a held action ignoring records it does not carry).
  'POST /api/v1/extension/actions/:id/report': [
    {
      field: 'recordId',
      expect: 'asUnknown',
      params: (w) => ({ id: w.bInDoubt.actionId }),
      request: (w, ids) => ({
        body: {
          leaseId: ANY_LEASE,
          packVersion: 1,
          outcomes: [{ recordId: ids === 'theirs' ? w.seeded.record.id : NOWHERE, result: 'sent' }],
        },
      }),
    },
  ],
  'POST /api/v1/send-records/import': [
    {
      field: 'shopId',
      expect: 'notFound',
      request: (w, ids) => ({
        multipart: {
          fields: importFields(w, { shopId: String(shopOf(w, ids)) }),
          file: importCsv(),
        },
      }),
    },
    {
      field: 'scriptTemplateId',
      expect: 'asUnknown',
      request: (w, ids) => ({
        multipart: {
          fields: importFields(w, {
            scriptTemplateId: String(ids === 'theirs' ? w.seeded.scriptTemplate.id : NOWHERE),
          }),
          file: importCsv(),
        },
      }),
    },
    {
      field: 'productTemplateIds',
      expect: 'asUnknown',
      request: (w, ids) => ({
        multipart: {
          fields: importFields(w, {
            productTemplateIds: String(ids === 'theirs' ? w.seeded.productTemplate.id : NOWHERE),
          }),
          file: importCsv(),
        },
      }),
    },
  ],
};

/**
 * B's own writes that name no row of anybody's: each must leave A's rows exactly as
 * they were. A body that passes validation for each, so the handler really runs.
 * Logout comes last: it ends B's session.
 */
const ownWrites: Record<string, (w: World) => Omit<Request, 'method' | 'url' | 'token'>> = {
  'POST /api/v1/auth/send-sms-code': (w) => ({
    body: { phoneNumber: w.b.account.phoneNumber, purpose: 'reset' },
  }),
  'POST /api/v1/auth/register': (w) => ({
    body: {
      username: 'b_second',
      phoneNumber: w.a.account.phoneNumber,
      code: '123456',
      password: 'Secret-123',
      confirmPassword: 'Secret-123',
    },
  }),
  'POST /api/v1/auth/login': (w) => ({
    body: { username: w.b.account.username, password: w.b.account.password },
  }),
  'POST /api/v1/auth/refresh': (w) => ({ body: { refresh_token: w.b.account.refreshToken } }),
  'POST /api/v1/auth/change-password': (w) => ({
    body: {
      oldPassword: w.b.account.password,
      newPassword: 'Changed-456',
      confirmPassword: 'Changed-456',
    },
  }),
  'POST /api/v1/auth/reset-password': (w) => ({
    body: {
      phoneNumber: w.a.account.phoneNumber,
      code: '123456',
      newPassword: 'Reset-789',
      confirmPassword: 'Reset-789',
    },
  }),
  'PUT /api/v1/user/profile': (w) => ({
    body: { nickname: 'B', email: 'b@example.com', phoneNumber: w.b.account.phoneNumber },
  }),
  [`POST ${tpl.scripts}`]: () => ({ body: { content: 'B was here' } }),
  [`POST ${tpl.products}`]: () => ({ body: { productId: 'B-1', productName: 'B' } }),
  'POST /api/v1/talents': () => ({ body: { ...editTalent, platformTalentId: 'B_new_1' } }),
  'POST /api/v1/talents/exports': () => ({ body: { format: 'csv' } }),
  'POST /api/v1/talents/import': () => ({
    multipart: {
      fields: {},
      file: {
        content: csvFile([
          ['Talent ID', 'Talent name', 'Platform'],
          ['b_import_2', 'B import', 'douyin'],
        ]),
        filename: 'talents.csv',
      },
    },
  }),
  'POST /api/v1/blacklist': () => ({
    body: { talentName: 'B', platformTalentId: 'B_black_1', fansCount: 1, reason: 'B' },
  }),
  'POST /api/v1/membership/purchase': () => ({ body: { planId: 'pro', paymentMethod: 'alipay' } }),
  'POST /api/v1/messages/read-all': () => ({ body: {} }),
  'POST /api/v1/shops': () => ({
    body: { platform: 'tiktok', shopName: 'B shop', shopCode: 'B-shop-2' },
  }),
  'POST /api/v1/shops/report': () => ({
    body: { platform: 'tiktok', shopName: 'B shop', shopCode: 'B-shop-3' },
  }),
  // The gateway's notification, forged by B for A's order (a bad signature).
  'POST /api/v1/payments/alipay/notify': () => ({
    raw: {
      payload: new URLSearchParams({
        out_trade_no: 'ignored',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '99.00',
        sign: 'forged',
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
  }),
  'POST /api/v1/auth/extension-token': () => ({}),
  // B connects its own browser; renews with a token that is nobody's; switches a page pack
  // without being an operator (403).
  'POST /api/v1/extension/sessions': () => ({ body: { name: 'B browser' } }),
  'POST /api/v1/extension/sessions/renew': () => ({ body: { renewToken: 'nobody-s-token' } }),
  'POST /api/v1/extension/sessions/end': () => ({ body: { renewToken: 'nobody-s-token' } }),
  'PUT /api/v1/admin/page-packs/switch': () => ({
    body: { packId: 'buyin.daren-square', version: 1, stopped: true },
  }),
  // Starts B's own authorization (a state of B's; refused here: no TikTok Shop app).
  'POST /api/v1/platforms/tiktok-shop/connect': () => ({}),
  'POST /api/v1/platforms/doudian/connect': () => ({}),
  'POST /api/v1/auth/logout': () => ({}),
};

/** Routes outside /api/v1, each with why the matrix does not apply to it. */
const outsideApi: Array<[RegExp, string]> = [
  [/^\/api\/health$/, 'health: public, no account data'],
  [/^\/api\/docs/, 'the OpenAPI document and its UI: public, no account data'],
  [
    /^\/sandbox\/alipay\//,
    'the sandbox payment gateway plays Alipay (its own trade numbers; not served with real Alipay)',
  ],
  [
    /^\/sandbox\/tiktok-shop\//,
    'the sandbox TikTok Shop plays the platform (its own sellers, tokens and shops; not served when a TikTok Shop app is configured)',
  ],
  [
    /^\/sandbox\/doudian\//,
    'the sandbox 抖店 open platform plays the platform (its own shops, tokens and plans; not served when a 抖店 app is configured)',
  ],
  [/^\*$/, 'CORS preflight (OPTIONS *): answers headers only'],
  [/^\/(\*)?$/, 'the built console (static files)'],
];

function idFieldsOf(route: RouteEntry): string[] {
  const fields: string[] = [];
  for (const part of ['querystring', 'body'] as const) {
    const schema = route.schema[part];
    if (schema) fields.push(...propertyPaths(inputJsonSchema(schema)).filter(isIdField));
  }
  return fields.filter((f) => !(f.split('.').at(-1)! in notOwnershipIds));
}

async function call(
  h: Harness,
  route: { method: Method; url: string },
  token: string,
  extra: Omit<Request, 'method' | 'url' | 'token'> = {},
) {
  return send(h, { method: route.method, url: route.url, token, lang: 'en-US', ...extra });
}

function notFoundProblem(sent: Sent, method: Method): string | null {
  if (sent.status !== 404) return `answered ${sent.status} ${sent.text.slice(0, 200)}`;
  if (method === 'HEAD') return null;
  return envelopeProblem(sent, 'en-US');
}

describeApi(
  'security: cross-account matrix',
  (h) => {
    it('knows every route: each id in a path or a body has its case, every other route its reason', async () => {
      const problems: string[] = [];
      for (const route of routeEntries(h().app)) {
        if (!route.url.startsWith('/api/v1/')) {
          if (!outsideApi.some(([pattern]) => pattern.test(route.url)))
            problems.push(`${route.key}: outside /api/v1 and unexplained`);
          continue;
        }
        const key = keyOf(route);
        if (route.pathParams.length) {
          if (!pathCases[key] && !capabilityRoutes[key])
            problems.push(`${route.key}: a path id the matrix cannot fill`);
        }
        const variants = bodyIdCases[key] ?? [];
        for (const field of idFieldsOf(route)) {
          if (!variants.some((v) => v.field === field.split('.').at(-1)))
            problems.push(`${route.key}: id field "${field}" the matrix cannot fill`);
        }
        if (
          !route.pathParams.length &&
          !idFieldsOf(route).length &&
          route.method !== 'GET' &&
          route.method !== 'HEAD' &&
          !ownWrites[key]
        )
          problems.push(`${route.key}: a write the matrix does not make as B`);
      }
      // And nothing in the tables that the app no longer has.
      const keys = new Set(apiRoutes(h().app).map((r) => r.key));
      for (const key of [
        ...Object.keys(pathCases),
        ...Object.keys(capabilityRoutes),
        ...Object.keys(bodyIdCases),
        ...Object.keys(ownWrites),
      ])
        if (!keys.has(key)) problems.push(`${key}: in the matrix but not in the app`);
      expect(problems).toEqual([]);
    });

    it("B gets 404 for each of A's rows by path, on every method, and A's data does not change", async () => {
      const w = await makeWorld(h());
      const routes = apiRoutes(h().app).filter((r) => r.pathParams.length && pathCases[keyOf(r)]);
      const problems: string[] = [];
      for (const route of routes) {
        const arranged = await pathCases[keyOf(route)]!(w);
        const url = fillPath(route.url, arranged.params);
        const target = { method: route.method, url };
        const before = await wholeDatabase(h().app.db);
        const theirs = await call(h(), target, w.b.account.token, { body: arranged.body });
        const problem = notFoundProblem(theirs, route.method);
        if (problem) problems.push(`${route.key} as B: ${problem}`);
        const changed = changedTables(before, await wholeDatabase(h().app.db));
        if (changed.length) problems.push(`${route.key} as B changed ${changed.join(', ')}`);
        // The control: the same call by A finds the row, so the 404 above was the scope's.
        const own = await call(h(), target, w.a.account.token, { body: arranged.body });
        if (own.status === 404 || own.status >= 500)
          problems.push(`${route.key} as A (control) answered ${own.status} ${own.text}`);
      }
      console.info(
        `[cross-account ${h().kind}] ${routes.length} path-id routes (every method, HEAD included): B's call 404 and the database unchanged, A's call finds the row`,
      );
      expect(problems).toEqual([]);
      expect(routes.length).toBeGreaterThanOrEqual(Object.keys(pathCases).length);
    });

    it("B naming A's ids in a body or a query finds nothing, exactly as ids that exist nowhere", async () => {
      const w = await makeWorld(h());
      const problems: string[] = [];
      let checked = 0;
      for (const route of apiRoutes(h().app)) {
        if (route.method === 'HEAD') continue;
        for (const variant of bodyIdCases[route.key] ?? []) {
          checked += 1;
          const label = `${route.key} [${variant.field}]`;
          const target = variant.params
            ? { method: route.method, url: fillPath(route.url, variant.params(w)) }
            : route;
          const unknown = await call(h(), target, w.b.account.token, variant.request(w, 'unknown'));
          const before = await wholeDatabase(h().app.db);
          const theirs = await call(h(), target, w.b.account.token, variant.request(w, 'theirs'));
          if (variant.expect === 'empty') {
            if (theirs.status !== 200) problems.push(`${label}: answered ${theirs.status}`);
            if (theirs.text.includes(MARK)) problems.push(`${label}: shows A's data`);
            const data = (theirs.json as { data?: { total?: number; list?: unknown[] } }).data;
            if (data?.total !== undefined && data.total !== 0)
              problems.push(`${label}: total ${data.total}`);
            if (data?.list !== undefined && data.list.length !== 0)
              problems.push(`${label}: ${data.list.length} rows`);
            const link = (theirs.json as { data?: { downloadUrl?: string } }).data?.downloadUrl;
            if (link) {
              const file = await send(h(), { method: 'GET', url: link });
              if (file.status !== 200 || file.text.includes(MARK))
                problems.push(`${label}: the export file holds A's data or failed`);
            }
          } else {
            const problem =
              variant.expect === 'notFound' ? notFoundProblem(theirs, route.method) : null;
            if (problem) problems.push(`${label}: ${problem}`);
            if (theirs.status !== unknown.status || theirs.text.includes(MARK))
              problems.push(
                `${label}: answers ${theirs.status} for A's id and ${unknown.status} for none`,
              );
            const message = (sent: Sent) => (sent.json as { message?: string }).message;
            if (message(theirs) !== message(unknown))
              problems.push(`${label}: "${message(theirs)}" differs from "${message(unknown)}"`);
            const changed = changedTables(before, await wholeDatabase(h().app.db));
            if (changed.length) problems.push(`${label}: changed ${changed.join(', ')}`);
          }
        }
      }
      console.info(
        `[cross-account ${h().kind}] ${checked} id fields of bodies and queries on ${Object.keys(bodyIdCases).length} routes: as ids that exist nowhere`,
      );
      expect(problems).toEqual([]);
      expect(checked).toBe(Object.values(bodyIdCases).flat().length);
    });

    it("every read of B's shows nothing of A's, and A's own reads do show A's rows", async () => {
      const w = await makeWorld(h());
      const reads = apiRoutes(h().app).filter(
        (r) => r.method === 'GET' && !r.pathParams.length && !r.isPublic,
      );
      const problems: string[] = [];
      let shownToA = 0;
      for (const route of reads) {
        const theirs = await call(h(), route, w.b.account.token);
        if (theirs.status !== 200) problems.push(`${route.key} as B: ${theirs.status}`);
        if (theirs.text.includes(MARK)) problems.push(`${route.key} shows B some of A's data`);
        const own = await call(h(), route, w.a.account.token);
        if (own.status !== 200) problems.push(`${route.key} as A: ${own.status}`);
        if (own.text.includes(MARK)) shownToA += 1;
      }
      console.info(
        `[cross-account ${h().kind}] ${reads.length} reads: none shows B anything of A's; ${shownToA} show A's marker to A`,
      );
      expect(problems).toEqual([]);
      // The marker is really in A's lists (talents, facets, blacklist, templates, shops,
      // records, stats, messages, summary...), so its absence from B's means something.
      expect(shownToA).toBeGreaterThanOrEqual(10);
    });

    it("B's own writes leave every row of A's as it was", async () => {
      const w = await makeWorld(h());
      const problems: string[] = [];
      const routes = apiRoutes(h().app);
      for (const [key, request] of Object.entries(ownWrites)) {
        const route = routes.find((r) => r.key === key)!;
        const before = await accountRows(h().app.db, w.a.account);
        const res = await call(h(), route, w.b.account.token, request(w));
        if (res.status >= 500) problems.push(`${key}: ${res.status} ${res.text}`);
        const changed = changedTables(before, await accountRows(h().app.db, w.a.account));
        if (changed.length) problems.push(`${key} as B changed A's ${changed.join(', ')}`);
      }
      console.info(
        `[cross-account ${h().kind}] ${Object.keys(ownWrites).length} writes of B's own: A's rows unchanged`,
      );
      expect(problems).toEqual([]);
    });

    it('a download link is its own credential: forged or used links find nothing', async () => {
      const w = await makeWorld(h());
      for (const [key, make] of Object.entries(capabilityRoutes)) {
        const ticket = await make(w);
        const token = ticket.downloadUrl.split('/').at(-1)!;
        const base = key.replace(/^GET /, '').replace(':token', '');
        const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
        for (const bad of [forged, `${ticket.exportId}.9999999999.${'A'.repeat(43)}`, 'x']) {
          const res = await send(h(), { method: 'GET', url: `${base}${bad}`, lang: 'en-US' });
          expect(res.status, `${key} with ${bad}`).toBe(404);
          expect(envelopeProblem(res, 'en-US')).toBeNull();
        }
        // A HEAD (a link preview, a download manager) is not a download: it must not use
        // the link up (it did, through the HEAD route Fastify adds to every GET).
        const head = await send(h(), { method: 'HEAD', url: ticket.downloadUrl });
        expect(head.status).toBe(404);
        const first = await send(h(), { method: 'GET', url: ticket.downloadUrl });
        expect(first.status, key).toBe(200);
        expect(first.text).toContain(MARK);
        const again = await send(h(), { method: 'GET', url: ticket.downloadUrl, lang: 'en-US' });
        expect(again.status).toBe(404);
        // B cannot read its progress either (the path matrix proves it for every export).
        const progress = await send(h(), {
          method: 'GET',
          url: `${base.replace(/download\/$/, '')}${ticket.exportId}`,
          token: w.b.account.token,
        });
        expect(progress.status).toBe(404);
      }
    });
  },
  // The payment gateway is asked about pending orders: a closed port answers at once.
  { config: { PUBLIC_URL: 'http://127.0.0.1:9' } },
);
