import { apiPaths, profileData, updateProfileBody, type ProfileData } from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, conflict, isUniqueViolation, unauthenticated } from '../../lib/errors.ts';
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
          'A new phone number signs the account in, so changing it needs `code`: a verification code ' +
          'sent to the new number with purpose `change-phone`.',
        body: updateProfileBody,
        response: responses(profileData, {
          409: 'The new phone number belongs to another account',
        }),
      },
    },
    async (request) => {
      const { userId } = request.auth;
      const body = request.body;
      const user = await userRepository.findById(app.db, userId);
      if (!user) throw unauthenticated();
      const phoneChanges = body.phoneNumber !== user.phoneNumber;
      const values = { nickname: body.nickname, email: body.email, phoneNumber: body.phoneNumber };
      try {
        let updated: UserRow | undefined;
        if (phoneChanges) {
          if (!body.code) throw badRequest('validation.codeRequired');
          const owner = await userRepository.findByPhone(app.db, body.phoneNumber);
          if (owner && owner.id !== userId) throw conflict('error.phoneTaken');
          const codeId = await app.authService.codes.check(
            body.phoneNumber,
            'change-phone',
            body.code,
          );
          updated = await app.db.transaction(async (tx) => {
            await app.authService.codes.consume(tx, codeId);
            return userRepository.update(tx, userId, values);
          });
        } else {
          updated = await userRepository.update(app.db, userId, values);
        }
        if (!updated) throw unauthenticated();
        return ok(request, toProfile(updated), 'success.saved');
      } catch (error) {
        if (isUniqueViolation(error, 'users_phone_number_key')) throw conflict('error.phoneTaken');
        throw error;
      }
    },
  );
}
