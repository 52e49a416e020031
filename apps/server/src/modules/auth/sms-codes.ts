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
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { smsCodes } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Verification codes: 6 digits from a secure random source, valid 5 minutes,
 * single use, dead after 5 wrong tries; sends limited per phone and per IP.
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
    const counted: Array<[Parameters<Limits['refund']>[0], string]> = [
      ['smsPerIpHour', ip],
      ['smsPerPhoneMinute', phoneNumber],
      ['smsPerPhoneHour', phoneNumber],
    ];
    for (const [name, key] of counted) await this.limits.consume(name, key, 'error.smsTooFrequent');

    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      // Only the newest code of a phone and purpose is valid.
      await tx
        .update(smsCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(smsCodes.phoneNumber, phoneNumber),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.consumedAt),
          ),
        );
      const [inserted] = await tx
        .insert(smsCodes)
        .values({
          phoneNumber,
          purpose,
          codeHash: this.tokens.hashCode(phoneNumber, purpose, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
        })
        .returning({ id: smsCodes.id });
      return inserted!;
    });

    try {
      await this.provider.send(phoneNumber, code, purpose);
    } catch (error) {
      this.log.error({ err: error, provider: this.provider.name }, 'SMS provider failed');
      await this.db.delete(smsCodes).where(eq(smsCodes.id, row.id));
      for (const [name, key] of counted) await this.limits.refund(name, key);
      throw new AppError(502, 'error.smsSendFailed');
    }
    return { resendAfterSeconds: SMS_RESEND_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
  }

  /**
   * Checks a code without using it up; a wrong code counts against it at once
   * (committed on its own, so a failing request cannot roll the count back).
   * Returns the id to pass to `consume` inside the caller's transaction.
   */
  async check(phoneNumber: string, purpose: SmsPurpose, code: string): Promise<number> {
    const [row] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phoneNumber, phoneNumber),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.consumedAt),
        ),
      )
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    if (!row) throw badRequest('error.codeNotRequested');
    if (row.failedAttempts >= SMS_MAX_WRONG_ATTEMPTS) throw badRequest('error.codeTooManyAttempts');
    if (row.expiresAt.getTime() <= Date.now()) throw badRequest('error.codeExpired');
    if (!this.tokens.codeMatches(row.codeHash, phoneNumber, purpose, code)) {
      const [updated] = await this.db
        .update(smsCodes)
        .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
        .where(eq(smsCodes.id, row.id))
        .returning({ failedAttempts: smsCodes.failedAttempts });
      const tooMany = (updated?.failedAttempts ?? SMS_MAX_WRONG_ATTEMPTS) >= SMS_MAX_WRONG_ATTEMPTS;
      throw badRequest(tooMany ? 'error.codeTooManyAttempts' : 'error.codeIncorrect');
    }
    return row.id;
  }

  /** Uses the code up; of two requests racing with one code, only one wins. */
  async consume(tx: Executor, id: number): Promise<void> {
    const used = await tx
      .update(smsCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(smsCodes.id, id),
          isNull(smsCodes.consumedAt),
          lt(smsCodes.failedAttempts, SMS_MAX_WRONG_ATTEMPTS),
          gt(smsCodes.expiresAt, new Date()),
        ),
      )
      .returning({ id: smsCodes.id });
    if (!used.length) throw badRequest('error.codeExpired');
  }
}
