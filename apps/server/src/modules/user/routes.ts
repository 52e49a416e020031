import { apiPaths, profileData, updateProfileBody, type ProfileData } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { userRepository, type UserRow } from './repository.ts';

const tags = ['user'];

function toProfile(user: UserRow): ProfileData {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    phoneNumber: user.phoneNumber,
    registeredAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** The user center's profile: nickname, email, phone, register and last login time. */
export async function profileRoutes(fastify: FastifyInstance) {
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
      return ok(request, toProfile(user));
    },
  );

  app.put(
    apiPaths.user.profile,
    {
      schema: {
        tags,
        summary: 'Edit nickname, email and phone',
        description:
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
      const user = await userRepository.findById(app.db, userId);
      if (!user) throw unauthenticated();
      const updated =
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
      return ok(request, toProfile(updated), 'success.saved');
    },
  );
}
