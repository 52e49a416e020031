import { randomInt } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
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
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Limits } from '../../lib/limits.ts';
import type { RevocationStore } from '../../lib/revocations.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { SmsProvider } from './sms-provider.ts';
import {
  badRequest,
  conflict,
  isUniqueViolation,
  type AppError,
  unauthenticated,
  unprocessable,
} from '../../lib/errors.ts';
import { EVERYONE, type Attempt } from '../../lib/limits.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { membershipState, type MembershipState } from '../membership/index.ts';
import { countBoundShops, ensureShopsWithinLimit } from '../shops/index.ts';
import { hasCreatedRecords } from '../send-records/index.ts';
import { changeTimeZone, knownTimeZone, userRepository, type UserRow } from '../user/index.ts';
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
    timeZone: user.timeZone ?? DEFAULT_TIME_ZONE,
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

/** The throttle key every password check of one account counts on, whatever name was typed. */
function accountIdKey(userId: number): string {
  return `user:${userId}`;
}

/** What changing the phone number takes besides the new number (issue 15, F4). */
export interface PhoneChange {
  phoneNumber: string;
  code?: string;
  currentPassword?: string;
}

/**
 * What the auth service works with, built once in app.ts (the composition root): a service
 * receives exactly its collaborators, never the whole Fastify instance (issue 18).
 */
export interface AuthServiceDeps {
  db: Database;
  tokens: TokenService;
  limits: Limits;
  revocations: RevocationStore;
  sms: SmsProvider;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Registration, sign-in, sessions and passwords. Handlers stay a few lines; the rules live here. */
export class AuthService {
  readonly codes: SmsCodes;
  readonly sessions: Sessions;

  constructor(private readonly deps: AuthServiceDeps) {
    this.codes = new SmsCodes(deps.db, deps.tokens, deps.limits, deps.sms, deps.log);
    this.sessions = new Sessions(deps.db, deps.tokens, deps.revocations);
  }

  private get db() {
    return this.deps.db;
  }

  /**
   * Sends a code for any purpose to any well-formed number, whatever account it has:
   * refusing a `register` code for a registered phone or a `reset` code for an unknown
   * one told anyone which numbers have accounts (issue 15, F7). The call that takes
   * the code says what it must about the account, once the code is shown to be right.
   */
  async sendCode(phoneNumber: string, purpose: SmsPurpose, ip: string) {
    return this.codes.send(phoneNumber, purpose, ip);
  }

  /**
   * Takes one of the code checks an address (and the whole server) may fail before a code
   * is compared: guessing codes, or probing accounts with made-up ones, is bounded however
   * many phones the guesses spread over. A success gives it back.
   */
  private codeAttempt(ip: string) {
    return this.deps.limits.attempt(
      'error.codeCheckTooFrequent',
      ['codeFailuresPerIp', ip],
      ['codeFailuresGlobal', EVERYONE],
    );
  }

  /**
   * The code first, then the account: until a right code for the phone is shown, every
   * submission gets the same answers whatever accounts exist (issue 15, F7). After it,
   * a taken name or phone is said (the code keeps the try it took, so one code cannot
   * probe names forever).
   */
  async register(body: z.output<typeof registerBody>, ip: string): Promise<MeData> {
    const attempt = await this.codeAttempt(ip);
    const codeId = await this.codes.check(body.phoneNumber, 'register', body.code);
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
    const passwordHash = await hashPassword(body.password);
    // The browser's zone, when both Intl and the database know it; else the default.
    const timeZone = body.timeZone ? await knownTimeZone(this.db, body.timeZone) : null;

    for (let attemptNo = 0; ; attemptNo++) {
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
            timeZone,
          });
        });
        await attempt.refund();
        return toMe(user);
      } catch (error) {
        // Two registrations racing for one name or phone: the loser hears why.
        if (isUniqueViolation(error, 'users_username_lower_key'))
          throw conflict('error.usernameTaken');
        if (isUniqueViolation(error, 'users_phone_number_key')) throw conflict('error.phoneTaken');
        if (isUniqueViolation(error, 'users_invite_code_key') && attemptNo < 5) continue;
        throw error;
      }
    }
  }

  /**
   * Checks an account's password under the sign-in throttle. The uses are taken before
   * the (slow) hash is evaluated, atomically: a burst of guesses sent in one tick gets at
   * most the limit evaluated (issue 15, F2). Counted per IP and on the account itself
   * (`user:<id>`), added to `attempt` when the caller already took some (sign-in takes
   * the address and the name typed first). A right password gives every use back; a
   * wrong one keeps them and answers `wrong`.
   */
  private async verifyUnderThrottle(
    user: UserRow,
    password: string,
    ip: string,
    wrong: AppError,
    attempt?: Attempt,
  ): Promise<void> {
    const taken =
      attempt ?? (await this.deps.limits.attempt('error.loginLocked', ['loginFailuresPerIp', ip]));
    await taken.take(['loginFailuresPerAccount', accountIdKey(user.id)]);
    if (!(await verifyPassword(user.passwordHash, password))) throw wrong;
    await taken.refund();
  }

  async login(
    identifier: string,
    password: string,
    meta: ClientMeta,
    browserTimeZone?: string,
  ): Promise<LoginData> {
    const name = identifier.trim();
    // The address and the name typed are counted before the account is even looked up:
    // those refused here cost nothing, and no lookup tells them anything.
    const attempt = await this.deps.limits.attempt(
      'error.loginLocked',
      ['loginFailuresPerIp', meta.ip],
      ['loginFailuresPerAccount', accountKey(name)],
    );
    const user = phonePattern.test(name)
      ? await userRepository.findByPhone(this.db, name)
      : await userRepository.findByUsername(this.db, name);
    const incorrect = badRequest('error.accountOrPasswordIncorrect');
    if (!user) {
      // As long as a real check, so the time does not tell which names exist.
      await verifyAgainstDummy(password);
      throw incorrect;
    }
    // Failures count against the name typed and against the account itself: its
    // username and its phone are one account (alternating them gave an attacker five
    // tries for each). `user:<id>` is the key change-password counts on too.
    await this.verifyUnderThrottle(user, password, meta.ip, incorrect, attempt);

    const { tokens, signedIn } = await this.db.transaction(async (tx) => {
      const issued = await this.sessions.start(tx, user, meta);
      const updated = await userRepository.update(tx, user.id, { lastLoginAt: new Date() });
      return { tokens: issued, signedIn: updated ?? user };
    });
    // An account without a zone takes the browser's at its first sign-in (unknown: ignored).
    if (!user.timeZone && browserTimeZone) {
      const zone = await knownTimeZone(this.db, browserTimeZone);
      if (zone)
        await changeTimeZone(this.db, user.id, zone, this.deps.clock.now(), hasCreatedRecords);
    }
    const membership = await membershipState(this.db, user.id, this.deps.clock.now());
    return {
      ...tokens,
      user: toLoginUser(signedIn, membership, await this.currentShopBindCount(user.id)),
    };
  }

  /** The account's BOUND shops, after a lapsed membership's excess has expired. */
  async currentShopBindCount(userId: number): Promise<number> {
    await ensureShopsWithinLimit(this.db, userId, this.deps.clock.now());
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

  /** A connected browser renews its own session (issue 17): its renew token, rotated. */
  async renewExtension(renewToken: string): Promise<RotatedTokens> {
    const rotated = await this.sessions.rotate(
      renewToken,
      async (userId) => (await userRepository.findById(this.db, userId))?.role ?? null,
      'extension',
    );
    if (!rotated) throw unauthenticated();
    return rotated;
  }

  async logout(sessionId: string): Promise<void> {
    // The browsers this console session connected end with it (issue 17).
    const children = await this.sessions.childrenOf(sessionId);
    await this.sessions.revoke([sessionId, ...children], 'logout');
  }

  async me(userId: number): Promise<MeData> {
    const user = await userRepository.findById(this.db, userId);
    if (!user) throw unauthenticated();
    return toMe(user);
  }

  /** Changes the password and ends every other session of the account. */
  async changePassword(
    userId: number,
    sessionId: string,
    body: ChangePasswordBody,
    ip: string,
  ): Promise<void> {
    const user = await userRepository.findById(this.db, userId);
    if (!user) throw unauthenticated();
    await this.verifyUnderThrottle(
      user,
      body.oldPassword,
      ip,
      badRequest('error.oldPasswordIncorrect'),
    );
    const passwordHash = await hashPassword(body.newPassword);
    await userRepository.update(this.db, userId, { passwordHash, passwordChangedAt: new Date() });
    await this.sessions.revokeAllOf(userId, 'password-changed', sessionId);
  }

  /**
   * Moves the account to another phone number, with the profile's other fields. The
   * number signs the account in and receives its password resets, so a stolen access
   * token must not be enough (issue 15, F4): it takes the current password (under the
   * sign-in throttle) and a code sent to the new number; the old number is told, and
   * every other session of the account ends. A taken number is said only after the
   * code is shown to be right (F7).
   */
  async changePhone(
    userId: number,
    sessionId: string,
    change: PhoneChange,
    values: Partial<Pick<UserRow, 'nickname' | 'email'>>,
    ip: string,
  ): Promise<UserRow> {
    if (!change.currentPassword) throw badRequest('validation.oldPasswordRequired');
    if (!change.code) throw badRequest('validation.codeRequired');
    const user = await userRepository.findById(this.db, userId);
    if (!user) throw unauthenticated();
    await this.verifyUnderThrottle(
      user,
      change.currentPassword,
      ip,
      badRequest('error.oldPasswordIncorrect'),
    );
    const attempt = await this.codeAttempt(ip);
    const codeId = await this.codes.check(change.phoneNumber, 'change-phone', change.code);
    const owner = await userRepository.findByPhone(this.db, change.phoneNumber);
    if (owner && owner.id !== userId) throw conflict('error.phoneTaken');
    let updated: UserRow | undefined;
    try {
      updated = await this.db.transaction(async (tx) => {
        await this.codes.consume(tx, codeId);
        return userRepository.update(tx, userId, { ...values, phoneNumber: change.phoneNumber });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_phone_number_key')) throw conflict('error.phoneTaken');
      throw error;
    }
    if (!updated) throw unauthenticated();
    await attempt.refund();
    await this.sessions.revokeAllOf(userId, 'phone-changed', sessionId);
    await this.notifyPhoneChanged(user.phoneNumber, change.phoneNumber);
    return updated;
  }

  /**
   * Tells the old number it no longer signs the account in. After the change: it is a
   * fact to report, and a refusal by the provider (the old number out of service, its
   * own per-number limits) must not keep the owner on a number they may have lost; a
   * failure is logged as an error for the operator.
   */
  private async notifyPhoneChanged(oldPhone: string, newPhone: string): Promise<void> {
    try {
      await this.deps.sms.notify(oldPhone, { kind: 'phone-changed', newPhoneNumber: newPhone });
    } catch (error) {
      this.deps.log.error(
        { err: error, provider: this.deps.sms.name },
        'SMS provider failed to send the phone-changed notice',
      );
    }
  }

  /**
   * Sets a new password with a code sent to the phone; every session of the account ends.
   * The code first: whether the phone has an account is said only to whoever shows a right
   * code for it (issue 15, F7).
   */
  async resetPassword(body: ResetPasswordBody, ip: string): Promise<void> {
    const attempt = await this.codeAttempt(ip);
    const codeId = await this.codes.check(body.phoneNumber, 'reset', body.code);
    const user = await userRepository.findByPhone(this.db, body.phoneNumber);
    if (!user) throw unprocessable('error.phoneNotRegistered');
    const passwordHash = await hashPassword(body.newPassword);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      await userRepository.update(tx, user.id, { passwordHash, passwordChangedAt: new Date() });
    });
    await attempt.refund();
    await this.sessions.revokeAllOf(user.id, 'password-reset');
    // Proving the phone lifts a sign-in lock on the account.
    await this.liftSignInLocks(user);
  }

  /**
   * Sets a new password from the server's own machine (`npm run reset-demo-password`, run
   * by whoever can read DATA_DIR): as after a reset by SMS, every session of the account
   * ends and its sign-in locks lift.
   */
  async setPasswordFromServer(user: UserRow, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await userRepository.update(this.db, user.id, { passwordHash, passwordChangedAt: new Date() });
    await this.sessions.revokeAllOf(user.id, 'password-reset');
    await this.liftSignInLocks(user);
  }

  private async liftSignInLocks(user: UserRow): Promise<void> {
    for (const key of [accountKey(user.username), user.phoneNumber, accountIdKey(user.id)]) {
      await this.deps.limits.reset('loginFailuresPerAccount', key);
    }
  }
}
