import { randomInt } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_WRONG_ATTEMPTS,
  SMS_RESEND_SECONDS,
  type SendSmsCodeData,
  type SmsPurpose,
} from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import {
  consumeCode,
  consumeCodesOf,
  deleteCode,
  findCode,
  insertCode,
  newestUnusedCode,
  takeTry,
} from './sms-codes-repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { EVERYONE, type Limits } from '../../lib/limits.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Verification codes: 6 digits from a secure random source, valid 5 minutes,
 * single use, dead after 5 tries; sends limited per phone, per IP and for the
 * whole server. Only the code's owner learns anything from it: a send answers the
 * same whatever the phone's account, and the calls that take a code say nothing
 * about accounts before it is shown to be right (issue 15, F7).
 */
export class SmsCodes {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly limits: Limits,
    private readonly provider: SmsProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phoneNumber: string, purpose: SmsPurpose, ip: string): Promise<SendSmsCodeData> {
    // The address first: a flooding client is refused before it touches a phone's counters.
    const attempt = await this.limits.attempt(
      'error.smsTooFrequent',
      ['smsPerIpHour', ip],
      ['smsPerPhoneMinute', phoneNumber],
      ['smsPerPhoneHour', phoneNumber],
      ['smsGlobalHour', EVERYONE],
    );

    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const now = new Date();
    const id = await this.db.transaction(async (tx) => {
      // Only the newest code of a phone and purpose is valid.
      await consumeCodesOf(tx, phoneNumber, purpose, now);
      return insertCode(tx, {
        phoneNumber,
        purpose,
        codeHash: this.tokens.hashCode(phoneNumber, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      });
    });

    try {
      await this.provider.send(phoneNumber, code, purpose);
    } catch (error) {
      this.log.error({ err: error, provider: this.provider.name }, 'SMS provider failed');
      await deleteCode(this.db, id);
      await attempt.refund();
      throw new AppError(502, 'error.smsSendFailed');
    }
    return { resendAfterSeconds: SMS_RESEND_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
  }

  /**
   * Checks a code without using it up. Each check first takes one of the code's five
   * tries in a single conditional UPDATE (committed on its own, so a failing request
   * cannot roll it back), and only then compares: however many checks arrive at once,
   * at most five are ever compared. A wrong code keeps its try; so does a right one
   * (the caller then uses the code up, or refuses for another reason, which counts as
   * a try too: a right code cannot be replayed to ask about other accounts forever).
   * Returns the id to pass to `consume` inside the caller's transaction.
   */
  async check(phoneNumber: string, purpose: SmsPurpose, code: string): Promise<number> {
    const row = await newestUnusedCode(this.db, phoneNumber, purpose);
    if (!row) throw badRequest('error.codeNotRequested');
    const now = new Date();
    const tries = await takeTry(this.db, row.id, SMS_MAX_WRONG_ATTEMPTS, now);
    if (tries === null) throw await this.whyUnusable(row.id, now);
    if (!this.tokens.codeMatches(row.codeHash, phoneNumber, purpose, code)) {
      const last = tries >= SMS_MAX_WRONG_ATTEMPTS;
      throw badRequest(last ? 'error.codeTooManyAttempts' : 'error.codeIncorrect');
    }
    return row.id;
  }

  /** Why a code could not take another try: used up or replaced, out of tries, or expired. */
  private async whyUnusable(id: number, now: Date): Promise<AppError> {
    const row = await findCode(this.db, id);
    if (!row || row.consumedAt) return badRequest('error.codeNotRequested');
    if (row.failedAttempts >= SMS_MAX_WRONG_ATTEMPTS)
      return badRequest('error.codeTooManyAttempts');
    if (row.expiresAt.getTime() <= now.getTime()) return badRequest('error.codeExpired');
    return badRequest('error.codeNotRequested');
  }

  /**
   * Uses the code up; of two requests racing with one code, only one wins. The tries
   * were counted by `check`, which passed: the code's last try may be the right one.
   */
  async consume(tx: Executor, id: number): Promise<void> {
    if (!(await consumeCode(tx, id, new Date()))) throw badRequest('error.codeExpired');
  }
}
