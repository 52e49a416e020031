import {
  apiPaths,
  batchBlacklistBody,
  batchLabelsBody,
  batchResult,
  batchStatusBody,
  followUp,
  followUpBody,
  followUpQuery,
  idParams,
  pageData,
  talent,
  talentBody,
  talentCountData,
  talentFacets as talentFacetsData,
  talentFilters,
  talentListQuery,
  talentPage as talentPageData,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { emptyResponses, responses } from '../../lib/route-schemas.ts';
import {
  countTalents,
  deleteTalent,
  findTalent,
  listFollowUps,
  talentFacets,
  toTalent,
} from './repository.ts';
import {
  addFollowUp,
  batchBlacklist,
  batchLabels,
  batchStatus,
  createTalent,
  editTalent,
  talentPage,
  toFollowUp,
} from './service.ts';

const tags = ['talents'];
const paths = apiPaths.talents;
const byId = `${paths.list}/:id`;

const talentExists =
  'The account has a talent of this platform and ID, or of this open id or 百应ID (the message names it)';
const blacklistedStatus = "A blacklisted talent's status is the blacklist's (the message names it)";
const notAllYours = "An id is not one of the caller's talents: nothing changed";

/** The talent library: list, count, facets, CRUD, batch actions and follow-ups; the caller's own only. */
export async function talentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.list,
    {
      config: { listCache: true },
      schema: {
        tags,
        summary: 'List talents (keyset pages)',
        description:
          'Filters narrow exactly (ranges include both bounds). `name` finds a name holding ' +
          'it or a platform talent ID starting with it, in any case; `label` takes a tier by ' +
          'its key or its name in either language. A page is reached by `cursor` ' +
          "(a previous answer's `nextCursor` or `prevCursor`, at any depth), or by `offset` rows " +
          'from the start, or from the end with `fromEnd=true` (then `pageSize` rows ending ' +
          '`offset` rows before the last one), up to 10,000 rows. The total is `GET /talents/count`.',
        querystring: talentListQuery,
        response: responses(talentPageData),
      },
    },
    async (request) => {
      const { pageSize, sort, order, cursor, offset, fromEnd, ...filters } = request.query;
      const page = await talentPage(app.db, request.auth.userId, filters, {
        pageSize,
        sort,
        order,
        cursor,
        offset,
        fromEnd,
      });
      return ok(request, { ...page, list: page.list.map(toTalent), pageSize });
    },
  );

  app.get(
    paths.count,
    {
      config: { listCache: true },
      schema: {
        tags,
        summary: 'Count the talents of a filter',
        description:
          'Exact, unless counting a broad filter over a large library would take more than a ' +
          'second: then the planner estimate answers with `exact: false` (shown as "about"). ' +
          'Ask it once per filter, beside the pages.',
        querystring: talentFilters,
        response: responses(talentCountData),
      },
    },
    async (request) => ok(request, await countTalents(app.db, request.auth.userId, request.query)),
  );

  app.get(
    paths.facets,
    {
      config: { listCache: true },
      schema: {
        tags,
        summary: "Shop names in use and the seller's own labels, for the filters",
        response: responses(talentFacetsData),
      },
    },
    async (request) => ok(request, await talentFacets(app.db, request.auth.userId)),
  );

  app.get(
    byId,
    { schema: { tags, summary: 'Read a talent', params: idParams, response: responses(talent) } },
    async (request) => {
      const row = await findTalent(app.db, request.auth.userId, request.params.id);
      if (!row) throw notFound();
      return ok(request, toTalent(row));
    },
  );

  app.post(
    paths.list,
    {
      schema: {
        tags,
        summary: 'Add a talent',
        description:
          'One talent per platform identity in an account (platform and talent ID — for TikTok ' +
          'the handle, kept without @ —, and the TikTok open id or 百应ID when given): a ' +
          'duplicate answers 409 naming the existing talent. A TikTok talent ID must be a TikTok ' +
          'username. A talent whose ID is blacklisted is stored as blacklisted.',
        body: talentBody,
        response: responses(talent, { 409: talentExists }),
      },
    },
    async (request) => {
      const row = await createTalent(app.db, request.auth.userId, request.body);
      return ok(request, toTalent(row), 'success.created');
    },
  );

  app.put(
    byId,
    {
      schema: {
        tags,
        summary: 'Edit a talent',
        description:
          'A blacklisted talent keeps its status: send its `statusBeforeBlacklist` (or ' +
          'pending_contact when null); another status answers 422.',
        params: idParams,
        body: talentBody,
        response: responses(talent, { 409: talentExists, 422: blacklistedStatus }),
      },
    },
    async (request) => {
      const row = await editTalent(app.db, request.auth.userId, request.params.id, request.body);
      return ok(request, toTalent(row), 'success.updated');
    },
  );

  app.delete(
    byId,
    { schema: { tags, summary: 'Delete a talent', params: idParams, response: emptyResponses } },
    async (request) => {
      if (!(await deleteTalent(app.db, request.auth.userId, request.params.id))) throw notFound();
      return ok(request, null, 'success.deleted');
    },
  );

  const allOrNothing =
    "All or nothing: when any id is not the caller's talent, 404 and nothing changes.";

  app.post(
    paths.batchStatus,
    {
      schema: {
        tags,
        summary: 'Set the status of selected talents',
        description: `${allOrNothing} Blacklisted talents refuse it (422, naming them).`,
        body: batchStatusBody,
        response: responses(batchResult, { 404: notAllYours, 422: blacklistedStatus }),
      },
    },
    async (request) => {
      const { ids, status } = request.body;
      const affected = await batchStatus(app.db, request.auth.userId, ids, status);
      return ok(request, { affected }, 'success.updated');
    },
  );

  app.post(
    paths.batchLabels,
    {
      schema: {
        tags,
        summary: 'Add, remove or replace labels of selected talents',
        description: `${allOrNothing} No talent may end with more than 10 labels (422, naming it).`,
        body: batchLabelsBody,
        response: responses(batchResult, {
          404: notAllYours,
          422: 'A talent would end with more than 10 labels (the message names it)',
        }),
      },
    },
    async (request) => {
      const { ids, labels, mode } = request.body;
      const affected = await batchLabels(app.db, request.auth.userId, ids, labels, mode);
      return ok(request, { affected }, 'success.updated');
    },
  );

  app.post(
    paths.batchBlacklist,
    {
      schema: {
        tags,
        summary: 'Blacklist selected talents with a reason',
        description: `${allOrNothing} The same as adding each to the blacklist.`,
        body: batchBlacklistBody,
        response: responses(batchResult, { 404: notAllYours }),
      },
    },
    async (request) => {
      const { ids, reason } = request.body;
      const affected = await batchBlacklist(app.db, request.auth.userId, ids, reason);
      return ok(request, { affected }, 'success.blacklisted');
    },
  );

  app.get(
    `${byId}/follow-ups`,
    {
      schema: {
        tags,
        summary: 'Follow-up records of a talent, newest first',
        params: idParams,
        querystring: followUpQuery,
        response: responses(pageData(followUp)),
      },
    },
    async (request) => {
      const { userId } = request.auth;
      if (!(await findTalent(app.db, userId, request.params.id))) throw notFound();
      const { page, pageSize } = request.query;
      const result = await listFollowUps(app.db, userId, request.params.id, page, pageSize);
      return ok(request, { ...result, list: result.list.map(toFollowUp) });
    },
  );

  app.post(
    `${byId}/follow-ups`,
    {
      schema: {
        tags,
        summary: 'Add a follow-up record, optionally with a new status',
        description: 'A blacklisted talent refuses a status change (422).',
        params: idParams,
        body: followUpBody,
        response: responses(followUp, { 422: blacklistedStatus }),
      },
    },
    async (request) => {
      const row = await addFollowUp(app.db, request.auth.userId, request.params.id, request.body);
      return ok(request, toFollowUp(row), 'success.created');
    },
  );
}
