import { randomBytes } from 'node:crypto';
import {
  EXPORT_LINK_TTL_SECONDS,
  apiPaths,
  type ExportProgress,
  type Locale,
  type TalentFileFormat,
  type TalentFilters,
  type TalentSortField,
} from '@inviteflow/contract';
import type { EphemeralStore } from '../../lib/ephemeral-store.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { SortOrder } from './cursor.ts';

/**
 * Exports are asked for with the session (POST), then downloaded natively by the
 * browser through a one-time link that works for 5 minutes: an HMAC-signed token
 * naming the job, claimed once in the shared store. The job (what to export, in
 * which language and zone) and its progress live in the same store, so any
 * replica can serve the download and any can answer the progress bar.
 */

export interface ExportJob {
  id: string;
  userId: number;
  format: TalentFileFormat;
  timeZone: string;
  locale: Locale;
  sort: TalentSortField;
  order: SortOrder;
  filters: TalentFilters;
  total: number;
  written: number;
  state: ExportProgress['state'];
}

/** Progress stays readable for an hour after the request. */
const JOB_TTL_SECONDS = 60 * 60;

export class ExportJobs {
  constructor(
    private readonly store: EphemeralStore,
    private readonly tokens: TokenService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(
    job: Omit<ExportJob, 'id' | 'written' | 'state'>,
  ): Promise<{ job: ExportJob; downloadUrl: string }> {
    const created: ExportJob = {
      ...job,
      id: randomBytes(16).toString('base64url'),
      written: 0,
      state: 'waiting',
    };
    await this.save(created);
    const expiresAt = Math.floor(this.now() / 1000) + EXPORT_LINK_TTL_SECONDS;
    const token = this.tokens.signDownload(created.id, expiresAt);
    return { job: created, downloadUrl: apiPaths.talents.exportDownload(token) };
  }

  async get(id: string): Promise<ExportJob | null> {
    const text = await this.store.get(`export:${id}`);
    return text ? (JSON.parse(text) as ExportJob) : null;
  }

  async save(job: ExportJob): Promise<void> {
    await this.store.set(`export:${job.id}`, JSON.stringify(job), JOB_TTL_SECONDS);
  }

  /** The job of a valid, unexpired, never used download token; null otherwise. */
  async claim(token: string): Promise<ExportJob | null> {
    const id = this.tokens.verifyDownload(token, this.now());
    if (!id) return null;
    if (!(await this.store.claim(`export-claim:${id}`, '1', EXPORT_LINK_TTL_SECONDS))) return null;
    return this.get(id);
  }
}

export function toExportProgress(job: ExportJob): ExportProgress {
  return { exportId: job.id, total: job.total, written: job.written, state: job.state };
}
