import { expect, it } from 'vitest';
import { describeApi } from '../support/harness.ts';
import { FUZZ_RUNS, FUZZ_SEED, fuzzRoute, type FuzzContext } from './support/fuzzing.ts';
import { routeEntries, type RouteEntry } from './support/route-table.ts';
import { makeWorld } from './support/world.ts';

/**
 * Fuzzing from the contract: every route with a params, query or body schema gets
 * FUZZ_RUNS requests generated from that schema by fast-check (seeded): valid values
 * mixed with SQL and script fragments, Unicode corners (lone surrogates, RTL marks,
 * zero-width, NUL), numbers that overflow or are not numbers, wrong types, deep and huge
 * JSON, prototype keys, wrong content types. Never a 5xx; every refusal is the envelope
 * with a message in the caller's language; a refusal changes nothing in the database.
 */

/** The routes in groups, one test each; a route no group takes fails the first test. */
const groups: Array<[string, RegExp]> = [
  ['auth and account', /^\/api\/v1\/(auth|user|menu)\//],
  ['templates and the blacklist', /^\/api\/v1\/(templates|blacklist)/],
  ['talents, finding creators and samples', /^\/api\/v1\/(talents|creator-marketplace|samples)/],
  ['conversations with creators', /^\/api\/v1\/conversations/],
  ['shops, send records and the extension', /^\/api\/v1\/(shops|send-records|extension)/],
  [
    'membership, payments, messages and invitations',
    /^\/api\/v1\/(membership|payments|messages|invite)/,
  ],
  ['the sandbox gateway', /^\/sandbox\//],
  ['platform connections', /^\/api\/v1\/platforms\//],
  ['operators', /^\/api\/v1\/admin\//],
];

function fuzzable(route: RouteEntry): boolean {
  const { params, querystring, body } = route.schema;
  // HEAD runs the GET's handler: fuzzing the GET covers it.
  if (route.method === 'HEAD' || route.url.startsWith('/api/docs')) return false;
  return Boolean(params || querystring || body);
}

function groupOf(route: RouteEntry): string | undefined {
  return groups.find(([, pattern]) => pattern.test(route.url))?.[0];
}

const timings: string[] = [];

describeApi(
  'security: fuzzing from the contract schemas',
  (h) => {
    it('every route with a schema is in a group: one under a new prefix fails here until placed', () => {
      const routes = routeEntries(h().app).filter(fuzzable);
      expect(routes.filter((r) => !groupOf(r)).map((r) => r.key)).toEqual([]);
      expect(routes.length).toBeGreaterThan(60);
    });

    for (const group of groups.map(([name]) => name)) {
      it(`${group}: never a 5xx, always the envelope, refusals change nothing`, async () => {
        const routes = routeEntries(h().app).filter((r) => fuzzable(r) && groupOf(r) === group);
        expect(routes.length).toBeGreaterThan(0);
        const w = await makeWorld(h());
        const a = w.a.account;
        const [talentExport, order] = [await w.a.talentExport(), await w.a.order()];
        const rowIds = [
          w.seeded.talent.id,
          w.seeded.record.id,
          w.seeded.record.taskId,
          w.seeded.record.shopId,
          w.seeded.scriptTemplate.id,
          w.seeded.productTemplate.id,
          w.seeded.message.id,
          w.seeded.sample.id,
        ];
        const context: FuzzContext = {
          token: a.token,
          rowIds,
          realIds: {
            id: rowIds,
            orderNo: [order.orderNo],
            exportId: [talentExport.exportId],
            token: [talentExport.downloadUrl.split('/').at(-1)!],
          },
        };
        const started = Date.now();
        const problems: string[] = [];
        let sent = 0;
        for (const route of routes) {
          const outcome = await fuzzRoute(h(), route, context);
          problems.push(...outcome.problems);
          sent += outcome.sent;
        }
        timings.push(
          `[fuzz ${h().kind}] ${group}: ${routes.length} endpoints × ${FUZZ_RUNS} = ${sent} requests in ${Date.now() - started} ms (seed ${FUZZ_SEED})`,
        );
        console.info(timings.at(-1));
        // Prototype keys in bodies must never have reached Object.prototype.
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(problems).toEqual([]);
      }, 180_000);
    }
  },
  {
    // High limits: the fuzzer should reach the handlers, not the throttles (tested elsewhere).
    limitRules: {
      smsPerPhoneMinute: { points: 100_000, duration: 60 },
      smsPerPhoneHour: { points: 100_000, duration: 3600 },
      smsPerIpHour: { points: 100_000, duration: 3600 },
      loginFailuresPerAccount: { points: 100_000, duration: 900 },
      loginFailuresPerIp: { points: 100_000, duration: 900 },
    },
    config: { PUBLIC_URL: 'http://127.0.0.1:9' },
  },
);
