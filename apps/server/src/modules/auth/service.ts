import { randomInt } from 'node:crypto';
import {
  phonePattern,
  type ChangePasswordBody,
  type LoginData,
  type LoginUser,
  type MeData,
  type ResetPasswordBody,
  type SmsPurpose,
  type registerBody,
} from '@inviteflow/contract';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  badRequest,
  conflict,
  isUniqueViolation,
  unauthenticated,
  unprocessable,
} from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { membershipState, type MembershipState } from '../membership/state.ts';
import { countBoundShops } from '../shops/repository.ts';
import { ensureShopsWithinLimit } from '../shops/service.ts';
import { userRepository, type UserRow } from '../user/repository.ts';
import { Sessions, type RotatedTokens } from './sessions.ts';
import { SmsCodes } from './sms-codes.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character invitation code without look-alike characters (0/O, 1/I). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}

export function toMe(user: UserRow): MeData {
  return {
    id: user.id,
    username: user.username,
    phoneNumber: user.phoneNumber,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The login response's user; its membership comes from membershipState (the one source of truth). */
export function toLoginUser(
  user: UserRow,
  membership: MembershipState,
  currentShopBindCount: number,
): LoginUser {
  return {
    id: user.id,
    username: user.username,
    phoneNumber: user.phoneNumber,
    membershipLevel: membership.level,
    membershipValidTo: membership.validTo?.toISOString() ?? null,
    maxShopBindCount: membership.shopBindLimit,
    currentShopBindCount,
  };
}

/** Account name as the sign-in throttle counts it: case and spaces do not make a new account. */
function accountKey(identifier: string): string {
  return identifier.trim().toLowerCase();
}

/** Registration, sign-in, sessions and passwords. Handlers stay a few lines; the rules live here. */
export class AuthService {
  readonly codes: SmsCodes;
  readonly sessions: Sessions;

  constructor(private readonly app: FastifyInstance) {
    this.codes = new SmsCodes(app.db, app.tokens, app.limits, app.sms, app.log);
    this.sessions = new Sessions(app.db, app.tokens, app.revocations);
  }

  private get db() {
    return this.app.db;
  }

  /** Sends a code after checking the phone fits the purpose. */
  async sendCode(phoneNumber: string, purpose: SmsPurpose, ip: string, userId?: number) {
    const owner = await userRepository.findByPhone(this.db, phoneNumber);
    if (purpose === 'register' && owner) throw conflict('error.phoneTaken');
    if (purpose === 'reset' && !owner) throw unprocessable('error.phoneNotRegistered');
    if (purpose === 'change-phone' && owner && owner.id !== userId)
      throw conflict('error.phoneTaken');
    return this.codes.send(phoneNumber, purpose, ip);
  }

  async register(body: z.output<typeof registerBody>): Promise<MeData> {
    if (await userRepository.findByUsername(this.db, body.username))
      throw conflict('error.usernameTaken');
    if (await userRepository.findByPhone(this.db, body.phoneNumber))
      throw conflict('error.phoneTaken');
    let invitedByUserId: number | null = null;
    if (body.inviteCode) {
      const inviter = await userRepository.findByInviteCode(this.db, body.inviteCode);
      if (!inviter) throw unprocessable('error.inviteCodeNotFound');
      invitedByUserId = inviter.id;
    }
    const codeId = await this.codes.check(body.phoneNumber, 'register', body.code);
    const passwordHash = await hashPassword(body.password);

    for (let attempt = 0; ; attempt++) {
      try {
        const user = await this.db.transaction(async (tx) => {
          await this.codes.consume(tx, codeId);
          return userRepository.insert(tx, {
            username: body.username,
            phoneNumber: body.phoneNumber,
            passwordHash,
            inviteCode: newInviteCode(),
            invitedByUserId,
            passwordChangedAt: new Date(),
          });
        });
        return toMe(user);
      } catch (error) {
        // Two registrations racing for one name or phone: the loser hears why.
        if (isUniqueViolation(error, 'users_username_lower_key'))
          throw conflict('error.usernameTaken');
        if (isUniqueViolation(error, 'users_phone_number_key')) throw conflict('error.phoneTaken');
        if (isUniqueViolation(error, 'users_invite_code_key') && attempt < 5) continue;
        throw error;
      }
    }
  }

  async login(identifier: string, password: string, meta: ClientMeta): Promise<LoginData> {
    const { limits } = this.app;
    const user = phonePattern.test(identifier.trim())
      ? await userRepository.findByPhone(this.db, identifier.trim())
      : await userRepository.findByUsername(this.db, identifier.trim());
    // Failures count against the name typed and, for a real account, against the account
    // itself: its username and its phone are one account (alternating them gave an
    // attacker five tries for each). `user:<id>` is the key change-password counts on too.
    const accounts = user ? [accountKey(identifier), `user:${user.id}`] : [accountKey(identifier)];
    for (const key of accounts)
      await limits.check('loginFailuresPerAccount', key, 'error.loginLocked');
    await limits.check('loginFailuresPerIp', meta.ip, 'error.loginLocked');

    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password);
    if (!user || !valid) {
      for (const key of accounts) await limits.record('loginFailuresPerAccount', key);
      await limits.record('loginFailuresPerIp', meta.ip);
      throw badRequest('error.accountOrPasswordIncorrect');
    }
    for (const key of accounts) await limits.reset('loginFailuresPerAccount', key);

    const { tokens, signedIn } = await this.db.transaction(async (tx) => {
      const issued = await this.sessions.start(tx, user, meta);
      const updated = await userRepository.update(tx, user.id, { lastLoginAt: new Date() });
      return { tokens: issued, signedIn: updated ?? user };
    });
    const membership = await membershipState(this.db, user.id, this.app.clock.now());
    return {
      ...tokens,
      user: toLoginUser(signedIn, membership, await this.currentShopBindCount(user.id)),
    };
  }

  /** The account's BOUND shops, after a lapsed membership's excess has expired. */
  async currentShopBindCount(userId: number): Promise<number> {
    await ensureShopsWithinLimit(this.db, userId, this.app.clock.now());
    return countBoundShops(this.db, userId);
  }

  async refresh(refreshToken: string): Promise<RotatedTokens> {
    const rotated = await this.sessions.rotate(refreshToken, async (userId) => {
      const user = await userRepository.findById(this.db, userId);
      return user?.role ?? null;
    });
    if (!rotated) throw unauthenticated();
    return rotated;
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke([sessionId], 'logout');
  }

  async me(userId: number): Promise<MeData> {
    const user = await userRepository.findById(this.db, userId);
    if (!user) throw unauthenticated();
    return toMe(user);
  }

  /** Changes the password and ends every other session of the account. */
  async changePassword(userId: number, sessionId: string, body: ChangePasswordBody): Promise<void> {
    const key = `user:${userId}`;
    const { limits } = this.app;
    await limits.check('loginFailuresPerAccount', key, 'error.loginLocked');
    const user = await userRepository.findById(this.db, userId);
    if (!user) throw unauthenticated();
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      await limits.record('loginFailuresPerAccount', key);
      throw badRequest('error.oldPasswordIncorrect');
    }
    await limits.reset('loginFailuresPerAccount', key);
    const passwordHash = await hashPassword(body.newPassword);
    await userRepository.update(this.db, userId, { passwordHash, passwordChangedAt: new Date() });
    await this.sessions.revokeAllOf(userId, 'password-changed', sessionId);
  }

  /** Sets a new password with a code sent to the phone; every session of the account ends. */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    const user = await userRepository.findByPhone(this.db, body.phoneNumber);
    if (!user) throw unprocessable('error.phoneNotRegistered');
    const codeId = await this.codes.check(body.phoneNumber, 'reset', body.code);
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      await userRepository.update(tx, user.id, { passwordHash, passwordChangedAt: new Date() });
    });
    await this.sessions.revokeAllOf(user.id, 'password-reset');
    // Proving the phone lifts a sign-in lock on the account.
    for (const key of [accountKey(user.username), user.phoneNumber, `user:${user.id}`]) {
      await this.app.limits.reset('loginFailuresPerAccount', key);
    }
  }
}
