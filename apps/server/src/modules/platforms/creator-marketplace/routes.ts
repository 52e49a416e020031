import {
  addFoundCreatorsBody,
  addFoundCreatorsResult,
  apiPaths,
  creatorSearchPage,
  creatorSearchQuery,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.ts';
import { responses } from '../../../lib/route-schemas.ts';
import type { CreatorMarketplace } from './service.ts';

const paths = apiPaths.creatorMarketplace;
const tags = ['creator marketplace'];

const refusals = {
  404: "The shop is not the caller's",
  422: 'A 抖店 shop (no marketplace API), a shop not connected by TikTok Shop authorization, or an authorization to renew',
} as const;

/** Find creators (issue 19): the platform's creator marketplace, for one connected shop. */
export async function creatorMarketplaceRoutes(
  fastify: FastifyInstance,
  options: { marketplace: CreatorMarketplace },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { marketplace } = options;

  app.get(
    paths.search,
    {
      schema: {
        tags,
        summary: "Search the creator marketplace through a shop's authorization",
        description:
          'TikTok Shop\'s "Seller Search Creator on Marketplace" (202508) with its documented ' +
          'filters: keyword (username and nickname), follower count, follower ages and gender ' +
          "share, GMV and units-sold ranges; the last 30 days' data; 12 or 20 a page, the next " +
          "page by the answer's `nextPageToken` and `searchKey`. Each creator is marked: in the " +
          'library (its talent id), blacklisted, invited to this shop within the cool-down. ' +
          "Another account's shop answers 404; the platform's daily search quota 429; the " +
          'platform out of reach 503.',
        querystring: creatorSearchQuery,
        response: responses(creatorSearchPage, {
          ...refusals,
          429: "The platform's daily search quota is used up",
          503: 'TikTok Shop cannot be reached',
        }),
      },
    },
    async (request) =>
      ok(
        request,
        await marketplace.search(
          request.auth.userId,
          {
            shopId: request.query.shopId,
            keyword: request.query.keyword,
            followerCountMin: request.query.followersMin,
            followerCountMax: request.query.followersMax,
            ageRanges: request.query.ageRanges,
            gender: request.query.gender && {
              gender: request.query.gender,
              // The platform's share is scaled by 10,000; ours is a percent.
              percentageAtLeast:
                request.query.genderShareMin === undefined
                  ? undefined
                  : request.query.genderShareMin * 100,
            },
            gmvRanges: request.query.gmvRanges,
            unitsSoldRanges: request.query.unitsSoldRanges,
            pageSize: request.query.pageSize,
            pageToken: request.query.pageToken,
            searchKey: request.query.searchKey,
          },
          app.clock.now(),
        ),
      ),
  );

  app.post(
    paths.add,
    {
      schema: {
        tags,
        summary: 'Add found creators to the talent library',
        description:
          "Creators of this account's searches on the shop within the last hour, by open id: " +
          'each becomes a TikTok talent (its handle the talent ID, its open id, nickname and ' +
          "the platform's follower and view figures). One already in the library is left as it " +
          'is (`existing`); one not found among the recent results is named in `unknown` ' +
          "(search again). Another account's shop answers 404.",
        body: addFoundCreatorsBody,
        response: responses(addFoundCreatorsResult, refusals),
      },
    },
    async (request) => ok(request, await marketplace.add(request.auth.userId, request.body)),
  );
}
