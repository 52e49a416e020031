import { randomBytes } from 'node:crypto';
import {
  EXPORT_LINK_TTL_SECONDS,
  type ExportProgress,
  type Locale,
  type TalentFileFormat,
} from '@inviteflow/contract';
import type { EphemeralStore } from '../ephemeral-store.ts';
import type { TokenService } from '../tokens.ts';

/**
 * Exports are asked for with the session (POST), then downloaded natively by the
 * browser through a one-time link that works for 5 minutes: an HMAC-signed token
 * naming the job, claimed once in the shared store. The job (what to export, in
 * which language and zone) and its progress live in the same store, so any
 * replica can serve the download and any can answer the progress bar. `P` is what
 * the feature needs to find the rows again (its filters and order).
 */

export interface ExportJob<P> {
  id: string;
  userId: number;
  format: TalentFileFormat;
  timeZone: string;
  locale: Locale;
  params: P;
  total: number;
  written: number;
  state: ExportProgress['state'];
}

/** Progress stays readable for an hour after the request. */
const JOB_TTL_SECONDS = 60 * 60;

export class ExportJobs<P> {
  constructor(
    private readonly store: EphemeralStore,
    private readonly tokens: TokenService,
    /** Where a token downloads the file (each feature has its own path). */
    private readonly downloadPath: (token: string) => string,
    /** Keeps each feature's jobs apart in the store. */
    private readonly kind: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(
    job: Omit<ExportJob<P>, 'id' | 'written' | 'state'>,
  ): Promise<{ job: ExportJob<P>; downloadUrl: string }> {
    const created: ExportJob<P> = {
      ...job,
      id: randomBytes(16).toString('base64url'),
      written: 0,
      state: 'waiting',
    };
    await this.save(created);
    const expiresAt = Math.floor(this.now() / 1000) + EXPORT_LINK_TTL_SECONDS;
    const token = this.tokens.signDownload(`${this.kind}-${created.id}`, expiresAt);
    return { job: created, downloadUrl: this.downloadPath(token) };
  }

  async get(id: string): Promise<ExportJob<P> | null> {
    const text = await this.store.get(`export:${this.kind}:${id}`);
    return text ? (JSON.parse(text) as ExportJob<P>) : null;
  }

  async save(job: ExportJob<P>): Promise<void> {
    await this.store.set(`export:${this.kind}:${job.id}`, JSON.stringify(job), JOB_TTL_SECONDS);
  }

  /** The job of a valid, unexpired, never used download token of this kind; null otherwise. */
  async claim(token: string): Promise<ExportJob<P> | null> {
    const named = this.tokens.verifyDownload(token, this.now());
    if (!named?.startsWith(`${this.kind}-`)) return null;
    const id = named.slice(this.kind.length + 1);
    if (!(await this.store.claim(`export-claim:${this.kind}:${id}`, '1', EXPORT_LINK_TTL_SECONDS)))
      return null;
    return this.get(id);
  }
}

export function toExportProgress(job: ExportJob<unknown>): ExportProgress {
  return { exportId: job.id, total: job.total, written: job.written, state: job.state };
}
