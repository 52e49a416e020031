import {
  claimedRecord,
  handedExtensionSession,
  reportBody,
  shop,
  shopIdentityBody,
  storedUserInfo,
} from '@inviteflow/contract';
import { z } from 'zod';
import { defineItem } from './storage-item.ts';

/**
 * Everything the extension keeps, in `chrome.storage.local`, one typed item each. The
 * login is the scoped extension token the console handed over (never a refresh token).
 */

export const authState = z.object({
  token: z.string().min(1),
  /** ISO time the token stops working. */
  expiresAt: z.string(),
  userInfo: storedUserInfo,
  /** The console origin that handed it over: the API is called there. */
  apiOrigin: z.string(),
  /**
   * The extension's own session (issue 17): renewed by the extension itself with its renew
   * token, so it works with no console tab open. Null for the older scoped token, which the
   * console renews while open.
   */
  session: handedExtensionSession.nullable().default(null),
  /** When each channel last delivered a token (window message, external message). */
  receivedVia: z.object({
    window: z.string().nullable(),
    external: z.string().nullable(),
  }),
});
export type AuthState = z.output<typeof authState>;
export const authItem = defineItem<AuthState | null>(
  'auth',
  authState.nullable() as z.ZodType<AuthState | null>,
  null,
);

export const localeChoice = z.enum(['zh-CN', 'en-US']).nullable();
/** The popup's language choice; null follows the browser's UI language. */
export const localeItem = defineItem<'zh-CN' | 'en-US' | null>('uiLocale', localeChoice, null);

export const runnerSettings = z.object({
  /** Random pause between two records, in seconds: at least this… */
  minDelaySeconds: z.number().min(0),
  /** …and at most this. */
  maxDelaySeconds: z.number().min(0),
  /** Records per claim (each claim holds them under a 300-second lease). */
  batchSize: z.number().int().min(1).max(20),
  /** When nothing is waiting, look again after this long. */
  idlePollSeconds: z.number().min(1),
});
export type RunnerSettings = z.infer<typeof runnerSettings>;
export const defaultRunnerSettings: RunnerSettings = {
  minDelaySeconds: 8,
  maxDelaySeconds: 20,
  batchSize: 5,
  idlePollSeconds: 60,
};
export const settingsItem = defineItem('runnerSettings', runnerSettings, defaultRunnerSettings);

/**
 * The seller's Pause / Resume from the popup. `resumedAt` changes on every Resume, so a
 * Resume after a run stopped (the platform's quota, say) is a change the seller-center
 * page sees, even though `paused` was already false.
 */
export const controlItem = defineItem(
  'runnerControl',
  z.object({ paused: z.boolean(), resumedAt: z.string().optional() }),
  { paused: false },
);

export const runnerStates = [
  'idle',
  'running',
  'waiting',
  'paused',
  'capReached',
  'stopped',
] as const;
export type RunnerState = (typeof runnerStates)[number];
export const stopReasons = ['quota', 'platformLogin', 'signedOut', 'shopRefused', 'error'] as const;
export type StopReason = (typeof stopReasons)[number];

export const runnerStatus = z.object({
  state: z.enum(runnerStates),
  reason: z.enum(stopReasons).nullable(),
  /** A message to show as it is (a server refusal), when there is one. */
  detail: z.string().nullable(),
  shopId: z.number().int().nullable(),
  /** Invitations this browser executed on `day` (Asia/Shanghai, the cap's day). */
  executed: z.object({ day: z.string(), count: z.number().int() }),
  /** From the last claim: what the plan's daily cap still allows. */
  remainingToday: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type RunnerStatus = z.infer<typeof runnerStatus>;
export const idleStatus: RunnerStatus = {
  state: 'idle',
  reason: null,
  detail: null,
  shopId: null,
  executed: { day: '', count: 0 },
  remainingToday: null,
  updatedAt: new Date(0).toISOString(),
};
export const statusItem = defineItem('runnerStatus', runnerStatus, idleStatus);

/**
 * The journal of the current lease: every record claimed and how far it got, written
 * before and after each step, so a browser restart neither loses nor repeats work.
 * queued → executing → submitting (the irreversible click is under way) → executed
 * (result known, not yet acknowledged by the server) → gone once reported.
 */
export const journalPhases = ['queued', 'executing', 'submitting', 'executed'] as const;
export type JournalPhase = (typeof journalPhases)[number];
export const journalEntry = z.object({
  record: claimedRecord,
  phase: z.enum(journalPhases),
  result: reportBody.nullable(),
  /**
   * The account that claimed it: only that account's token may report it (another
   * account's report is refused, and the result would be lost while the lease lapses and
   * the talent is invited again). Null in journals written before it was kept.
   */
  accountId: z.number().int().nullable().default(null),
});
export type JournalEntry = z.infer<typeof journalEntry>;
export const journal = z.object({ shopId: z.number().int(), entries: z.array(journalEntry) });
export type Journal = z.infer<typeof journal>;
export const journalItem = defineItem<Journal | null>('runnerJournal', journal.nullable(), null);

/**
 * Which seller-center page runs the tasks, and until when (renewed while it lives). Only
 * one runner works the journal at a time, across tabs and the seller centers' several
 * origins; the popup reads it to tell a live run from a status left by a closed page.
 */
export const runnerLease = z.object({ owner: z.string().min(1), until: z.string() });
export type RunnerLease = z.infer<typeof runnerLease>;
export const leaseItem = defineItem<RunnerLease | null>(
  'runnerLease',
  runnerLease.nullable(),
  null,
);

/** The last shop seen in the seller center and what the server said about it. */
export const shopReport = z.object({
  identity: shopIdentityBody,
  outcome: z.enum(['bound', 'alreadyBound', 'refused', 'failed']),
  /** The server's message (in the request's language), shown as it is. */
  message: z.string(),
  shop: shop.nullable(),
  at: z.string(),
});
export type ShopReport = z.infer<typeof shopReport>;
export const shopReportItem = defineItem<ShopReport | null>(
  'shopReport',
  shopReport.nullable(),
  null,
);
