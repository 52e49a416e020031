import type { PassThrough } from 'node:stream';
import {
  exportDownloadParams,
  exportIdParams,
  exportProgress,
  exportTicket,
  importTemplateQuery,
  type Locale,
  type TalentFileFormat,
} from '@inviteflow/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { attachment } from '../content-disposition.ts';
import { ok } from '../envelope.ts';
import { AppError, notFound } from '../errors.ts';
import { responses } from '../route-schemas.ts';
import { ExportJobs, toExportProgress, type ExportJob } from './export-jobs.ts';
import { contentTypes, fileBody, fileResponses } from './http.ts';

/** A file's name in the caller's language, and the ASCII one for older clients. */
export interface FileName {
  name: string;
  ascii: string;
}

/** Answers a sheet as a download: its media type, its name, never cached. */
export function sendSheet(
  reply: FastifyReply,
  format: TalentFileFormat,
  fileName: FileName,
  body: Buffer | PassThrough,
) {
  return reply
    .type(contentTypes[format])
    .header('content-disposition', attachment(fileName.name, fileName.ascii))
    .header('cache-control', 'no-store')
    .send(fileBody(body));
}

/** The OpenAPI summary and description of a route. */
interface RouteDocs {
  summary: string;
  description?: string;
}

/**
 * The import template of a feature: public (it holds no data), in the language asked for
 * (the caller's by default), as .xlsx or .csv.
 */
export function importTemplateRoute(
  fastify: FastifyInstance,
  options: {
    url: string;
    tags: string[];
    docs: Required<RouteDocs>;
    fileName: (format: TalentFileFormat, locale: Locale) => FileName;
    file: (format: TalentFileFormat, locale: Locale) => Promise<Buffer>;
  },
) {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    options.url,
    {
      config: { public: true },
      schema: {
        tags: options.tags,
        ...options.docs,
        security: [],
        querystring: importTemplateQuery,
        response: fileResponses('The template (.xlsx or .csv)'),
      },
    },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      const { format } = request.query;
      const fileName = options.fileName(format, locale);
      return sendSheet(reply, format, fileName, await options.file(format, locale));
    },
  );
}

/** What every export request carries besides the feature's own filters and order. */
type ExportBody = z.ZodType<{ format: TalentFileFormat; timeZone?: string | undefined }>;

/**
 * The export flow of a feature, under `url`: the request (with the session) answers a
 * one-time link and the number of rows; the link (public: its token authenticates, once)
 * streams the file as it is written; `url/:exportId` tells the owner how far it is.
 */
export function exportRoutes<Body extends ExportBody, P>(
  fastify: FastifyInstance,
  options: {
    url: string;
    tags: string[];
    docs: { start: Required<RouteDocs>; download: RouteDocs; progress: RouteDocs };
    /** Keeps this feature's jobs apart in the store. */
    kind: string;
    /** Where a token downloads the file. */
    downloadPath: (token: string) => string;
    body: Body;
    /** The zone of the file's times: the one asked (checked, else the localized 400) or the account's. */
    timeZone: (userId: number, asked: string | undefined) => Promise<string>;
    /** What the job needs to find the rows again, and how many rows there are. */
    prepare: (body: z.output<Body>, userId: number) => Promise<{ params: P; total: number }>;
    fileName: (job: ExportJob<P>) => FileName;
    /** Writes the file, telling `jobs` how far it is. */
    stream: (job: ExportJob<P>, jobs: ExportJobs<P>, log: FastifyInstance['log']) => PassThrough;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = new ExportJobs<P>(app.ephemeral, app.tokens, options.downloadPath, options.kind);

  app.post(
    options.url,
    {
      schema: {
        tags: options.tags,
        ...options.docs.start,
        body: options.body,
        response: responses(exportTicket),
      },
    },
    async (request) => {
      const body = request.body as z.output<Body>;
      const { userId } = request.auth;
      const { format } = body;
      const timeZone = await options.timeZone(userId, body.timeZone);
      const { params, total } = await options.prepare(body, userId);
      const { job, downloadUrl } = await jobs.create({
        userId,
        format,
        timeZone,
        locale: request.locale,
        params,
        total,
      });
      return ok(request, { exportId: job.id, downloadUrl, total });
    },
  );

  app.get(
    `${options.url}/download/:token`,
    {
      config: { public: true },
      // A HEAD would run this handler and use the one-time link up: only GET downloads.
      exposeHeadRoute: false,
      schema: {
        tags: options.tags,
        ...options.docs.download,
        description:
          'The token in the path authenticates: it works once, within 5 minutes of the export ' +
          'request; otherwise 404. The file streams as it is written.',
        security: [],
        params: exportDownloadParams,
        response: fileResponses('The export (.xlsx or .csv)'),
      },
    },
    async (request, reply) => {
      const job = await jobs.claim(request.params.token);
      if (!job) throw new AppError(404, 'error.exportLinkInvalid');
      return sendSheet(
        reply,
        job.format,
        options.fileName(job),
        options.stream(job, jobs, request.log),
      );
    },
  );

  app.get(
    `${options.url}/:exportId`,
    {
      schema: {
        tags: options.tags,
        ...options.docs.progress,
        params: exportIdParams,
        response: responses(exportProgress),
      },
    },
    async (request) => {
      const job = await jobs.get(request.params.exportId);
      if (!job || job.userId !== request.auth.userId) throw notFound();
      return ok(request, toExportProgress(job));
    },
  );
}
