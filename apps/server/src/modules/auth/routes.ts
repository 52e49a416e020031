import {
  apiPaths,
  EXTENSION_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  changePasswordBody,
  extensionTokenData,
  loginBody,
  loginData,
  meData,
  refreshBody,
  refreshData,
  registerBody,
  registerData,
  resetPasswordBody,
  sendSmsCodeBody,
  sendSmsCodeData,
} from '@inviteflow/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import { emptyResponses, responses } from '../../lib/route-schemas.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { RefreshCookie } from './refresh-cookie.ts';

const tags = ['auth'];
const publicRoute = { public: true };

function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/**
 * What keeps another site from spending the refresh cookie (besides SameSite=Strict):
 * the call must be JSON, which no form or simple request of another origin can send
 * without a CORS preflight this server refuses; and a browser that says the request comes
 * from another site or origin (`Sec-Fetch-Site`) is refused outright.
 */
function assertRefreshRequest(request: FastifyRequest): void {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new AppError(415, 'error.unsupportedMediaType');
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new AppError(403, 'error.forbidden');
}

/** The spec's account calls, all under /api/v1/auth. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.authService;
  const refreshCookie = new RefreshCookie(app.config.publicUrl);

  app.post(
    apiPaths.auth.sendSmsCode,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Send a verification code',
        description:
          'Purpose `register`, `reset` or `change-phone` (signed in; the new number). The answer is the ' +
          'same whatever account the phone has: the call that takes the code says so once the code is right. ' +
          'One send per phone per 60 s, five per hour, limits per IP and for the whole server: ' +
          'otherwise 429 with the wait.',
        security: [],
        body: sendSmsCodeBody,
        response: responses(sendSmsCodeData, {
          401: 'Purpose `change-phone` without a valid session',
          429: 'Too many codes for this phone or from this address: wait the seconds in Retry-After',
          502: 'The SMS provider failed to send the code (nothing was counted)',
        }),
      },
    },
    async (request) => {
      const { phoneNumber, purpose } = request.body;
      if (purpose === 'change-phone') {
        // Only a signed-in user may ask for a code to move their account to a new number.
        const token = bearerToken(request);
        const claims = token ? await app.tokens.verifyAccess(token) : null;
        if (!claims || (await app.revocations.isRevoked(claims.sessionId))) throw unauthenticated();
      }
      const data = await service.sendCode(phoneNumber, purpose, request.ip);
      return ok(request, data, 'success.smsSent');
    },
  );

  app.post(
    apiPaths.auth.register,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Register an account',
        description:
          'The code is checked first: until it is right, the answers say nothing about which ' +
          'usernames or phones are taken. Failed code checks are limited per IP and for the whole ' +
          "server (429). `timeZone` (the browser's) becomes the account's zone; Asia/Shanghai " +
          'when omitted or unknown.',
        security: [],
        body: registerBody,
        response: responses(registerData, {
          409: 'The username or the phone number is already registered',
          422: 'The invite code does not exist',
          429: 'Too many failed code checks from this address or for the whole server: wait the seconds in Retry-After',
        }),
      },
    },
    async (request) =>
      ok(request, await service.register(request.body, request.ip), 'success.registered'),
  );

  app.post(
    apiPaths.auth.login,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Sign in with a username or phone number',
        description:
          'A wrong account or password answers 400 "Account or password incorrect" without saying which. ' +
          'Repeated failures are throttled per account and per IP (429). ' +
          `The refresh token is set as the \`${refreshCookie.name}\` cookie (HttpOnly, SameSite=Strict, ` +
          `Path=${apiPaths.auth.refresh}, Secure over HTTPS): persistent for the session's 30 days with ` +
          '`remember: true`, else ending with the browser; the answer then has no `refresh_token`. ' +
          'A client that is not a browser may ask for `refreshTokenDelivery: "body"`: the token is then ' +
          "answered in `refresh_token` and no cookie is set. `timeZone` (the browser's) becomes the " +
          "account's zone when it has none yet (the user center's setting changes it later).",
        security: [],
        body: loginBody,
        response: responses(loginData, {
          429: 'Too many failures for this account or from this address: wait the seconds in Retry-After',
        }),
      },
    },
    async (request, reply) => {
      const { username, password, remember, refreshTokenDelivery, timeZone } = request.body;
      const { refresh_token: refreshToken, ...data } = await service.login(
        username,
        password,
        clientMeta(request),
        timeZone,
      );
      if (refreshTokenDelivery === 'body') {
        return ok(request, { ...data, refresh_token: refreshToken }, 'success.loggedIn');
      }
      refreshCookie.set(reply, refreshToken!, remember === true);
      return ok(request, data, 'success.loggedIn');
    },
  );

  app.post(
    apiPaths.auth.refresh,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        description:
          `Browsers send \`{}\` as JSON: the \`${refreshCookie.name}\` cookie carries the refresh token, and ` +
          'the answer is a new access token with the new refresh token set in the cookie the same way ' +
          '(persistent or not, as at sign-in). Clients that are not browsers send `refresh_token` in ' +
          'the body and get the new one in the answer. Only `application/json` is accepted (415 ' +
          'otherwise), and a browser request from another site is refused (403). The old refresh ' +
          `token stops working; presented again within ${REFRESH_REUSE_GRACE_SECONDS} s of its rotation it ` +
          'answers the same new pair (two tabs refreshing at once both succeed), and after that it ' +
          'is taken for a stolen token: 401, and the whole session ends. A refused cookie is cleared.',
        security: [],
        body: refreshBody,
        response: responses(refreshData, {
          401: 'The refresh token is unknown, expired, used before, or its session has ended',
          403: 'Sent from another site (`Sec-Fetch-Site` cross-site or same-site): the cookie is not spent',
        }),
      },
      preValidation: async (request) => assertRefreshRequest(request),
    },
    async (request, reply) => {
      const sent = request.body.refresh_token;
      // A token in the body wins: its client keeps the token itself, not in a cookie.
      const cookie = sent === undefined ? refreshCookie.read(request) : null;
      const token = sent ?? cookie?.token;
      if (!token) throw unauthenticated();
      let rotated;
      try {
        rotated = await service.refresh(token);
      } catch (error) {
        // A refused token is dead for good; a failure of ours (the database away) is not.
        if (cookie && error instanceof AppError && error.status === 401) refreshCookie.clear(reply);
        throw error;
      }
      const { access_token: accessToken, refresh_token: next, sessionExpiresAt } = rotated;
      if (!cookie) return ok(request, { access_token: accessToken, refresh_token: next });
      refreshCookie.set(reply, next, cookie.remember, sessionExpiresAt);
      return ok(request, { access_token: accessToken });
    },
  );

  app.post(
    apiPaths.auth.logout,
    {
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Ends the session: its access and refresh tokens stop working at once, and the refresh ' +
          'cookie is cleared.',
        response: emptyResponses,
      },
    },
    async (request, reply) => {
      await service.logout(request.auth.sessionId);
      refreshCookie.clear(reply);
      return ok(request, null, 'success.loggedOut');
    },
  );

  app.post(
    apiPaths.auth.extensionToken,
    {
      schema: {
        tags,
        summary: "Mint the extension's scoped token",
        description:
          `Called by the signed-in console, which hands the answer to the companion extension. ` +
          `A JWT of this session with the scope \`extension\`, valid ${EXTENSION_TOKEN_TTL_SECONDS / 60} minutes: ` +
          'it works only on the task API (shop report, claim, record report) and ' +
          '`GET /api/v1/extension/summary` (403 elsewhere, this call included), and stops ' +
          'working when the session ends (logout). The console renews it while it is open. ' +
          'It cannot be refreshed.',
        response: responses(extensionTokenData),
      },
    },
    async (request) => {
      const { userId, sessionId, role } = request.auth;
      const { token, expiresAt } = await app.tokens.signExtension({ userId, sessionId, role });
      return ok(request, { token, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    apiPaths.auth.me,
    { schema: { tags, summary: 'The signed-in account', response: responses(meData) } },
    async (request) => ok(request, await service.me(request.auth.userId)),
  );

  app.post(
    apiPaths.auth.changePassword,
    {
      schema: {
        tags,
        summary: 'Change the password',
        description:
          'Needs the current password, checked under the sign-in throttle (429). Every other ' +
          'session of the account ends.',
        body: changePasswordBody,
        response: responses(z.null(), {
          429: 'Too many wrong passwords for this account: wait the seconds in Retry-After',
        }),
      },
    },
    async (request) => {
      const { userId, sessionId } = request.auth;
      await service.changePassword(userId, sessionId, request.body, request.ip);
      return ok(request, null, 'success.passwordChanged');
    },
  );

  app.post(
    apiPaths.auth.resetPassword,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Reset a forgotten password with a code sent to the phone',
        description:
          'The code is checked first: whether the phone has an account is said only after it. ' +
          'Every session of the account ends. Failed code checks are limited per IP and for the ' +
          'whole server (429).',
        security: [],
        body: resetPasswordBody,
        response: responses(z.null(), {
          422: 'The phone number is not registered',
          429: 'Too many failed code checks from this address or for the whole server: wait the seconds in Retry-After',
        }),
      },
    },
    async (request) => {
      await service.resetPassword(request.body, request.ip);
      return ok(request, null, 'success.passwordReset');
    },
  );
}
