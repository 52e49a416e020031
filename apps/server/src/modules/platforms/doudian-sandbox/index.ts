import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../../db/client.ts';
import { publicScope } from '../../../plugins/auth.ts';
import * as repo from './repository.ts';
import { sandboxRoutes } from './routes.ts';
import {
  DoudianSandbox,
  type DoudianSandboxCredentials,
  type DoudianSandboxOptions,
} from './sandbox.ts';

/**
 * The sandbox 抖店开放平台: a stand-in of the platform's gateway, service authorization and
 * 精选联盟 methods, written from the platform's public documents and public SDKs
 * (README.md), sharing no code with our client. Served by our server under
 * /sandbox/doudian when no 抖店 app is configured.
 */
export {
  DOUDIAN_SANDBOX_BASE,
  DoudianSandbox,
  type DoudianSandboxCredentials,
  type DoudianSandboxOptions,
  type SandboxCall as DoudianSandboxCall,
} from './sandbox.ts';
export {
  sandboxShops as doudianSandboxShops,
  sandboxActivities as doudianSandboxActivities,
  sandboxAuthor as doudianSandboxAuthor,
  buyinId as doudianSandboxBuyinId,
  productId as doudianSandboxProductId,
} from './world.ts';
/** The sandbox's own signature check (for SDK vectors in tests). */
export { doudianSignature as doudianSandboxSignature } from './signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox 抖店 this server serves (absent when a 抖店 app is configured). */
    doudianSandbox?: DoudianSandbox;
  }
}

/** The sandbox app's credentials: our server's DOUDIAN_* defaults in the embedded mode. */
export async function doudianSandboxCredentials(
  db: Database | Executor,
): Promise<DoudianSandboxCredentials> {
  const app = await repo.sandboxApp(db);
  return { appKey: app.appKey, appSecret: app.appSecret, serviceId: app.serviceId };
}

/** Where our server's 抖店 authorization comes back (the sandbox app's redirect URL). */
export const DOUDIAN_OAUTH_CALLBACK_PATH = '/api/v1/platforms/doudian/oauth/callback';

/**
 * Serves the sandbox on `app` under `options.basePath` (default /sandbox/doudian), every
 * route public (it plays the platform), and decorates `app.doudianSandbox`. In our server
 * the options default to the server's own: its database, its clock, and `PUBLIC_URL` +
 * DOUDIAN_OAUTH_CALLBACK_PATH as the sandbox app's redirect URL.
 */
export async function registerDoudianSandbox(
  app: FastifyInstance,
  options: Partial<DoudianSandboxOptions> = {},
): Promise<DoudianSandbox> {
  const sandbox = new DoudianSandbox({
    ...options,
    db: options.db ?? app.db,
    clock: options.clock ?? app.clock,
    redirectUrl: options.redirectUrl ?? `${app.config.publicUrl}${DOUDIAN_OAUTH_CALLBACK_PATH}`,
  });
  app.decorate('doudianSandbox', sandbox);
  app.addHook('onReady', () => sandbox.prepare());
  await app.register(
    async (scope) => {
      publicScope(scope);
      await scope.register(sandboxRoutes(sandbox));
    },
    { prefix: sandbox.basePath },
  );
  return sandbox;
}
