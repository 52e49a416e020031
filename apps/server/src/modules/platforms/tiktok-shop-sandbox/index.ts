import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, Executor } from '../../../db/client.ts';
import { publicScope } from '../../../plugins/auth.ts';
import * as repo from './repository.ts';
import { sandboxRoutes } from './routes.ts';
import {
  TikTokShopSandbox,
  type TikTokShopSandboxCredentials,
  type TikTokShopSandboxOptions,
} from './sandbox.ts';

/**
 * The sandbox TikTok Shop: a stand-in of TikTok Shop's Open API written from the
 * platform's public documents (README.md), sharing no code with our client. Served by our
 * server under /sandbox/tiktok-shop when no TikTok Shop app is configured, or standalone
 * on its own port (scripts/tiktok-shop-sandbox.ts) for tests that stop our server.
 */
export {
  TIKTOK_SHOP_SANDBOX_BASE,
  TikTokShopSandbox,
  type SandboxCall,
  type TikTokShopSandboxCredentials,
  type TikTokShopSandboxOptions,
} from './sandbox.ts';
export {
  sandboxSellers,
  sandboxScopes,
  numberedSeller,
  productId as sandboxProductId,
  type SandboxSeller,
} from './catalogue.ts';
export { sandboxCreator, traitOf as sandboxCreatorTrait } from './creators.ts';
/** What an invited creator will do, drawn from its seeds (tests: the same ids, the same plan). */
export { planCreator as sandboxCreatorPlan } from './behaviour.ts';
/** The sandbox's own signature check (for the documents' worked example in tests). */
export { ttsSignature as sandboxSignature } from './signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox TikTok Shop this server serves (absent when a TikTok Shop app is configured). */
    tiktokShopSandbox?: TikTokShopSandbox;
  }
}

/**
 * The sandbox app's credentials (app key, app secret, service id), created once per
 * installation and kept in the database: our server's TIKTOK_SHOP_* defaults in the
 * embedded mode.
 */
export async function tiktokShopSandboxCredentials(
  db: Database | Executor,
): Promise<TikTokShopSandboxCredentials> {
  const app = await repo.sandboxApp(db);
  return { appKey: app.appKey, appSecret: app.appSecret, serviceId: app.serviceId };
}

/** Where our server's TikTok Shop authorization comes back (the sandbox app's redirect URL). */
export const OAUTH_CALLBACK_PATH = '/api/v1/platforms/tiktok-shop/oauth/callback';

/**
 * Serves the sandbox on `app` under `options.basePath` (default /sandbox/tiktok-shop),
 * every route public (it plays the platform, which holds no session of ours), and
 * decorates `app.tiktokShopSandbox` with it. In our server the options default to the
 * server's own: its database, its clock (tests move it), and `PUBLIC_URL` +
 * OAUTH_CALLBACK_PATH as the sandbox app's redirect URL. The sellers' shops, their
 * products and the sandbox app are put in place before the server listens.
 */
export async function registerTikTokShopSandbox(
  app: FastifyInstance,
  options: Partial<TikTokShopSandboxOptions> = {},
): Promise<TikTokShopSandbox> {
  const sandbox = new TikTokShopSandbox({
    ...options,
    db: options.db ?? app.db,
    clock: options.clock ?? app.clock,
    redirectUrl: options.redirectUrl ?? `${app.config.publicUrl}${OAUTH_CALLBACK_PATH}`,
  });
  app.decorate('tiktokShopSandbox', sandbox);
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

export interface StandaloneSandboxOptions extends TikTokShopSandboxOptions {
  logger?: FastifyServerOptions['logger'];
}

/**
 * The sandbox alone, in a Fastify app of its own (listen on it yourself): for tests and
 * benches that must stop our server while the "platform" stays up.
 */
export async function buildTikTokShopSandbox(
  options: StandaloneSandboxOptions,
): Promise<{ app: FastifyInstance; sandbox: TikTokShopSandbox }> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const sandbox = await registerTikTokShopSandbox(app, {
    ...options,
    basePath: options.basePath ?? '',
  });
  await app.ready();
  return { app, sandbox };
}
