import {
  DEFAULT_TIME_ZONE,
  apiPaths,
  profileData,
  updateProfileBody,
  type ProfileData,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { userRepository, type UserRow } from './repository.ts';
import { changeTimeZone, requireTimeZone, type CreatedRecordsCheck } from './time-zone.ts';

const tags = ['user'];

function toProfile(user: UserRow, now: Date): ProfileData {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    phoneNumber: user.phoneNumber,
    registeredAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    timeZone: user.timeZone ?? DEFAULT_TIME_ZONE,
    timeZoneDaysFrom:
      user.dayZoneFrom && user.dayZoneFrom > now ? user.dayZoneFrom.toISOString() : null,
  };
}

/** The user center's profile: nickname, email, phone, register and last login time. */
export async function profileRoutes(
  fastify: FastifyInstance,
  opts: {
    /** send-records' hasCreatedRecords, passed in by app.ts (see CreatedRecordsCheck). */
    hasCreatedRecords: CreatedRecordsCheck;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    apiPaths.user.profile,
    {
      schema: {
        tags,
        summary: 'The profile of the signed-in account',
        response: responses(profileData),
      },
    },
    async (request) => {
      const user = await userRepository.findById(app.db, request.auth.userId);
      if (!user) throw unauthenticated();
      return ok(request, toProfile(user, app.clock.now()));
    },
  );

  app.put(
    apiPaths.user.profile,
    {
      schema: {
        tags,
        summary: 'Edit nickname, email, phone and time zone',
        description:
          "`timeZone` (an IANA zone; unchanged when omitted) is the account's: times are shown and " +
          'days counted in it. An account that has created invitations keeps its day in progress ' +
          'until the first midnight of the new zone after that day ends (`timeZoneDaysFrom`), so a ' +
          'change never gives a second daily allowance. A zone the server does not know is a 400. ' +
          'A new phone number signs the account in and receives password resets, so changing it ' +
          'needs `code` (a verification code sent to the new number with purpose `change-phone`) ' +
          'and `currentPassword` (checked under the sign-in throttle: 429). The old number is told ' +
          'by SMS and every other session of the account ends. A number taken by another account ' +
          'is refused (409) once the code is right.',
        body: updateProfileBody,
        response: responses(profileData, {
          409: 'The new phone number belongs to another account',
          429: 'Too many wrong passwords for this account, or failed code checks: wait the seconds in Retry-After',
        }),
      },
    },
    async (request) => {
      const { userId, sessionId } = request.auth;
      const { nickname, email, phoneNumber, code, currentPassword } = request.body;
      // Checked first (the database must read it too), so a refusal changes nothing.
      const timeZone =
        request.body.timeZone === undefined
          ? undefined
          : await requireTimeZone(app.db, request.body.timeZone);
      const user = await userRepository.findById(app.db, userId);
      if (!user) throw unauthenticated();
      let updated =
        phoneNumber === user.phoneNumber
          ? await userRepository.update(app.db, userId, { nickname, email })
          : await app.authService.changePhone(
              userId,
              sessionId,
              { phoneNumber, code, currentPassword },
              { nickname, email },
              request.ip,
            );
      if (!updated) throw unauthenticated();
      const now = app.clock.now();
      if (timeZone !== undefined)
        updated = await changeTimeZone(app.db, userId, timeZone, now, opts.hasCreatedRecords);
      return ok(request, toProfile(updated, now), 'success.saved');
    },
  );
}
