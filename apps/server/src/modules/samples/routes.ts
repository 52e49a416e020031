import {
  apiPaths,
  idParams,
  samplePage,
  sampleListQuery,
  sampleRequest,
  sampleReviewBody,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import type { Samples } from './service.ts';

const paths = apiPaths.samples;
const tags = ['samples'];

/** Samples (issue 19): the sample requests of the caller's shops, and their review. */
export async function sampleRoutes(fastify: FastifyInstance, options: { samples: Samples }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { samples } = options;

  app.get(
    paths.list,
    {
      schema: {
        tags,
        summary: "List the sample requests of the caller's shops, newest first",
        description:
          "Creators' sample requests as the platform syncs read them (TikTok Shop: Seller " +
          'Search Sample Applications 202508 and the fulfilment of each, 202409), filtered by ' +
          'shop, status and talent. `reviewable`: pending and before the deadline to approve.',
        querystring: sampleListQuery,
        response: responses(samplePage),
      },
    },
    async (request) =>
      ok(request, await samples.list(request.auth.userId, request.query, app.clock.now())),
  );

  app.post(
    paths.review(':id'),
    {
      schema: {
        tags,
        summary: 'Approve or reject a sample request through its platform',
        description:
          'TikTok Shop: Seller Review Sample Applications 202507 (APPROVE, or REJECT with ' +
          '`reject_reason` NOT_MATCH, OFFLINE, OUT_OF_STOCK or OTHER). Only a pending request ' +
          'before its deadline is reviewed (409); one the platform does not let be approved, an ' +
          "agency's request, a 抖店 request or a refusal of the platform answer 422; another " +
          "account's request 404; the platform out of reach 503.",
        params: idParams,
        body: sampleReviewBody,
        response: responses(sampleRequest, {
          404: "The sample request is not the caller's",
          409: 'The request is no longer pending, or its deadline to approve has passed',
          422: "The platform's rules refuse the review (not approvable, an agency's request, a 抖店 request, a lapsed authorization)",
          503: 'The platform cannot be reached',
        }),
      },
    },
    async (request) => {
      const reviewed = await samples.review(
        request.auth.userId,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return ok(
        request,
        reviewed,
        request.body.result === 'approve' ? 'success.sampleApproved' : 'success.sampleRejected',
      );
    },
  );
}
