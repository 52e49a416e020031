import { apiPaths, pagePackList, pagePackSwitchBody } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/envelope.ts';
import { AppError } from '../../../lib/errors.ts';
import { responses } from '../../../lib/route-schemas.ts';
import { packStates, switchPack } from './service.ts';

export async function pagePackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    apiPaths.extension.pagePacks,
    {
      config: { extension: true },
      schema: {
        tags: ['task API'],
        summary: 'Extension: the page packs (data, never code) and their switch',
        description:
          'Every platform page the extension may run, versioned: hosts, route, selectors, ' +
          'endpoint patterns, code → outcome, captcha markers, with their sources and what is ' +
          'unverified. A `stopped` pack hands out no action (its claim answers `pack_stopped`).',
        response: responses(pagePackList),
      },
    },
    async (request) => ok(request, { packs: await packStates(app.db, app.config.pagePacks) }),
  );

  app.put(
    apiPaths.admin.pagePackSwitch,
    {
      schema: {
        tags: ['admin'],
        summary: 'Operators: stop or restart a page pack version',
        description:
          'Role `admin` only (403 otherwise). A stopped version hands out no browser action ' +
          'until restarted; PAGE_PACKS_STOPPED in the configuration wins over this switch.',
        body: pagePackSwitchBody,
        response: responses(z.null(), { 403: 'The caller is not an operator' }),
      },
    },
    async (request) => {
      if (request.auth.role !== 'admin') throw new AppError(403, 'error.pagePackAdminOnly');
      await switchPack(
        app.db,
        {
          packId: request.body.packId,
          version: request.body.version,
          stopped: request.body.stopped,
          reason: request.body.reason,
          by: request.auth.userId,
        },
        app.clock.now(),
      );
      return ok(request, null, 'success.pagePackSwitched');
    },
  );
}
