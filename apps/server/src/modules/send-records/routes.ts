import {
  apiPaths,
  countData,
  funnelData,
  funnelQuery,
  idParams,
  sendPreviewBody,
  sendPreviewData,
  sendRecord,
  sendRecordEditBody,
  sendRecordFilters,
  sendRecordListQuery,
  sendRecordPage,
  sendStats,
  sendStatsQuery,
  sendTaskBody,
  sendTaskResult,
  taskFollowUps,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { countRecords, findRecord, toSendRecord } from './repository.ts';
import { deleteRecord, editRecord, recordPage } from './service.ts';
import { cancelFollowUp, taskFollowUpsView } from './follow-ups.ts';
import { createTask, previewTask, type TaskActionCompiler } from './task-creation.ts';
import { sendStatsFor } from './stats.ts';
import { funnelFor } from './funnel.ts';

const tags = ['send records'];
const paths = apiPaths.sendRecords;
const byId = `${paths.list}/:id`;

const rowIdParam = z.coerce
  .number({ error: 'validation.invalidField' })
  .int({ error: 'validation.invalidField' })
  .positive({ error: 'validation.invalidField' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalidField' });
const taskParams = z.object({ taskId: rowIdParam });
const followUpParams = z.object({ taskId: rowIdParam, id: rowIdParam });

/** Send records: the list, create (and its preview), view, edit, delete, the workplace's stats. */
export async function sendRecordRoutes(
  fastify: FastifyInstance,
  opts: {
    /** platforms' compilers of a task's actions, passed in by app.ts (see TaskActionCompiler). */
    compiler: TaskActionCompiler;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.list,
    {
      config: { listCache: true },
      schema: {
        tags,
        summary: 'List send records (keyset pages, newest first)',
        description:
          'Filters narrow exactly (created times include both bounds). A page is reached by ' +
          '`cursor` (at any depth), or by `offset` rows from the start or, with `fromEnd=true`, ' +
          'from the end, up to 10,000 rows. The total is `GET /send-records/count`.',
        querystring: sendRecordListQuery,
        response: responses(sendRecordPage),
      },
    },
    async (request) => {
      const { pageSize, order, cursor, offset, fromEnd, ...filters } = request.query;
      const page = await recordPage(app.db, request.auth.userId, filters, {
        order,
        pageSize,
        cursor,
        offset,
        fromEnd,
      });
      return ok(request, { ...page, list: page.list.map(toSendRecord), pageSize });
    },
  );

  app.get(
    paths.count,
    {
      config: { listCache: true },
      schema: {
        tags,
        summary: 'Count the send records of a filter',
        description:
          'Exact for the whole account, for one status, and for up to 10,000 matches; a broad ' +
          'filter over a large history answers the planner estimate with `exact: false`.',
        querystring: sendRecordFilters,
        response: responses(countData),
      },
    },
    async (request) => ok(request, await countRecords(app.db, request.auth.userId, request.query)),
  );

  app.get(
    paths.stats,
    {
      schema: {
        tags,
        summary: 'The workplace: activity per day, success rate, failure reasons, shops, plan',
        description:
          'Days are calendar days in Asia/Shanghai (the daily cap’s). `created` counts records ' +
          'made that day; `succeeded` and `failed` count records that finished that day.',
        querystring: sendStatsQuery,
        response: responses(sendStats),
      },
    },
    async (request) =>
      ok(
        request,
        await sendStatsFor(app.db, request.auth.userId, request.query.days, app.clock.now()),
      ),
  );

  app.get(
    paths.funnel,
    {
      schema: {
        tags,
        summary:
          'The workplace funnel: sent → accepted / replied → sample → content → orders → GMV',
        description:
          'Per script template, shop, set or task (`groupBy`), of the tasks created in ' +
          '`createdFrom`–`createdTo` (both included) and of `shopId`: records per step (each ' +
          'counted the first time it reached it), the acceptance and reply rates out of `sent` ' +
          'with that sample size (`smallSample` under 30), and the GMV of the non-void orders ' +
          'attributed to the tasks per currency (minor units). The groups with the most ' +
          'invitations first, up to 100; `totals` covers every task of the filter.',
        querystring: funnelQuery,
        response: responses(funnelData),
      },
    },
    async (request) => ok(request, await funnelFor(app.db, request.auth.userId, request.query)),
  );

  app.post(
    paths.preview,
    {
      schema: {
        tags,
        summary: 'Preview a task before creating it',
        description:
          'How many talents the picks or rules give, which are of another platform than the ' +
          'shop’s (a create refuses them), blacklisted (never invited) or were invited for this ' +
          'shop and task type within the cool-down, how many records a create would make either ' +
          'way, and what the daily cap leaves today. Writes nothing.',
        body: sendPreviewBody,
        response: responses(sendPreviewData, {
          404: 'The shop, or a picked talent, is not the caller’s',
          422: 'The rules match more talents than a task may hold, or name another platform',
        }),
      },
    },
    async (request) =>
      ok(request, await previewTask(app.db, request.auth.userId, request.body, app.clock.now())),
  );

  app.post(
    paths.list,
    {
      schema: {
        tags,
        summary: 'Create an invitation task: one pending record per talent',
        description:
          'The shop must be the caller’s and BOUND. For a TikTok shop, a task type that makes a ' +
          'target collaboration (targeted product, free product, targeted connection) needs ' +
          '`collaborationName`, a future `endsAt`, at least one product with its ' +
          '`commissionRates` entry (hundredths of a percent, 100–8000), `contactEmail`, and a ' +
          'sample rule that fits the type (a free product invitation has samples, a targeted ' +
          'product invitation none): a missing or wrong one answers 400 naming it. What the type ' +
          'asks of the platform is kept on the task. Talents of another platform than the ' +
          'shop’s refuse the task (422, naming them); rules pick the shop’s platform only. ' +
          'Blacklisted talents are refused and listed in the answer; talents within the ' +
          'cool-down are skipped (listed) or included as `cooldown` says. Refused with 422 when ' +
          'nothing is left to invite, or when the records exceed what the plan’s daily cap leaves ' +
          'today (the message says the cap, what is left and how to raise it). Picks that are ' +
          'not the caller’s talents: 404. `followUps` (up to two: days after the invitation’s ' +
          'success, 1–30, the second later than the first; a script template) message the ' +
          'creators who have not replied, accepted nor declined by then (TikTok Shop IM).',
        body: sendTaskBody,
        response: responses(sendTaskResult, {
          404: 'The shop, or a picked talent, is not the caller’s',
          422:
            'The shop is not bound, a template is not the caller’s, a picked talent is of another ' +
            'platform, the task type cannot run on the shop’s channel, nothing is left to invite, ' +
            'the records exceed what the daily cap leaves today, or follow-ups are asked of a ' +
            'shop not connected to TikTok Shop by authorization',
        }),
      },
    },
    async (request) => {
      const result = await createTask(
        app.db,
        request.auth.userId,
        request.body,
        app.clock.now(),
        opts.compiler,
      );
      return ok(request, result, 'success.taskCreated', { count: result.created });
    },
  );

  app.get(
    byId,
    {
      schema: {
        tags,
        summary: 'Read a send record (Send Record Details)',
        params: idParams,
        response: responses(sendRecord),
      },
    },
    async (request) => {
      const row = await findRecord(app.db, request.auth.userId, request.params.id);
      if (!row) throw notFound();
      return ok(request, toSendRecord(row));
    },
  );

  app.put(
    byId,
    {
      schema: {
        tags,
        summary: 'Edit a pending send record',
        description: 'Only while pending; otherwise 409.',
        params: idParams,
        body: sendRecordEditBody,
        response: responses(sendRecord, { 409: 'The record is no longer pending' }),
      },
    },
    async (request) => {
      const row = await editRecord(
        app.db,
        request.auth.userId,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return ok(request, toSendRecord(row), 'success.updated');
    },
  );

  app.delete(
    byId,
    {
      schema: {
        tags,
        summary: 'Delete a send record',
        description: 'Not while the extension holds it under a live lease (409).',
        params: idParams,
        response: responses(z.null(), {
          409: 'The record is running: an extension holds its lease',
        }),
      },
    },
    async (request) => {
      await deleteRecord(app.db, request.auth.userId, request.params.id, app.clock.now());
      return ok(request, null, 'success.deleted');
    },
  );

  app.get(
    paths.taskFollowUps(':taskId'),
    {
      schema: {
        tags,
        summary: "A task's follow-ups for non-responders",
        description:
          'The follow-ups the task scheduled (at most two), each with what it did over the ' +
          'task’s creators: sent, skipped per reason (replied, accepted, declined, blacklisted, ' +
          'cool-down, no channel), failed per code, being sent, and waiting. `canFollowUp` says ' +
          'whether the task’s shop can send follow-ups (TikTok Shop connected by authorization). ' +
          'Another account’s task answers 404.',
        params: taskParams,
        response: responses(taskFollowUps, { 404: 'The task is not the caller’s' }),
      },
    },
    async (request) =>
      ok(request, await taskFollowUpsView(app.db, request.auth.userId, request.params.taskId)),
  );

  app.post(
    paths.cancelFollowUp(':taskId', ':id'),
    {
      schema: {
        tags,
        summary: 'Cancel a follow-up of a task',
        description:
          'Creators not yet messaged by it never are; what it sent stays. Cancelling a cancelled ' +
          'follow-up changes nothing. Answers the task’s follow-ups. Another account’s task or ' +
          'follow-up answers 404.',
        params: followUpParams,
        response: responses(taskFollowUps, {
          404: 'The task, or the follow-up of that task, is not the caller’s',
        }),
      },
    },
    async (request) =>
      ok(
        request,
        await cancelFollowUp(
          app.db,
          request.auth.userId,
          request.params.taskId,
          request.params.id,
          app.clock.now(),
        ),
        'success.followUpCancelled',
      ),
  );
}
