import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  apiPaths,
  exportDownloadParams,
  exportIdParams,
  exportProgress,
  exportRequestBody,
  exportTicket,
  fieldLabel,
  importFormFields,
  importReport,
  importTemplateQuery,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachment } from '../../lib/content-disposition.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { isTimeZone } from '../../lib/time-zones.ts';
import { ExportJobs, toExportProgress } from '../../lib/sheets/export-jobs.ts';
import { exportFileName, streamExport, type TalentExportParams } from './export-file.ts';
import { importTemplate, templateFileName } from './import-template.ts';
import { contentTypes, fileBody, fileResponses } from '../../lib/sheets/http.ts';
import { importTalents } from './import-service.ts';
import { withUpload } from '../../lib/sheets/upload.ts';
import { countTalents } from './repository.ts';

const tags = ['talents'];
const paths = apiPaths.talents;

/** The import template (public: it holds no data), the export flow, and its progress. */
export async function talentFileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = new ExportJobs<TalentExportParams>(
    app.ephemeral,
    app.tokens,
    paths.exportDownload,
    'talents',
  );

  app.get(
    paths.importTemplate,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Download the import template',
        description:
          'The import columns in the chosen language with one example row; the .xlsx also ' +
          'explains what each column accepts on a second sheet. No sign-in needed.',
        security: [],
        querystring: importTemplateQuery,
        response: fileResponses('The template (.xlsx or .csv)'),
      },
    },
    async (request, reply) => {
      const locale = request.query.lang ?? request.locale;
      const { format } = request.query;
      const { name, ascii } = templateFileName(format, locale);
      return reply
        .type(contentTypes[format])
        .header('content-disposition', attachment(name, ascii))
        .header('cache-control', 'no-store')
        .send(fileBody(await importTemplate(format, locale)));
    },
  );

  app.post(
    paths.exports,
    {
      schema: {
        tags,
        summary: 'Export the talents of a filter',
        description:
          'Answers a one-time download link valid for 5 minutes and the number of rows. The ' +
          "file (XLSX or CSV, in the caller's language and the given time zone) is written while " +
          'it downloads; `GET /talents/exports/{exportId}` tells how far it is.',
        body: exportRequestBody,
        response: responses(exportTicket),
      },
    },
    async (request) => {
      const { format, timeZone, sort, order, ...filters } = request.body;
      if (!isTimeZone(timeZone)) {
        throw badRequest('validation.invalidField', {
          field: fieldLabel(request.locale, 'timeZone'),
        });
      }
      const { userId } = request.auth;
      // The progress bar needs the real number; a count is cheap next to writing the file.
      const { total } = await countTalents(app.db, app.database.kind, userId, filters, {
        exact: true,
      });
      const { job, downloadUrl } = await jobs.create({
        userId,
        format,
        timeZone,
        locale: request.locale,
        params: { sort, order, filters },
        total,
      });
      return ok(request, { exportId: job.id, downloadUrl, total });
    },
  );

  app.get(
    `${paths.exports}/download/:token`,
    {
      config: { public: true },
      // A HEAD would run this handler and use the one-time link up: only GET downloads.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Download an export (one-time link)',
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
      const { name, ascii } = exportFileName(job, new Date());
      return reply
        .type(contentTypes[job.format])
        .header('content-disposition', attachment(name, ascii))
        .header('cache-control', 'no-store')
        .send(fileBody(streamExport(app.db, jobs, job, request.log)));
    },
  );

  app.get(
    `${paths.exports}/:exportId`,
    {
      schema: {
        tags,
        summary: 'How far an export is (for a progress bar)',
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

/**
 * Import, in its own scope: multipart parsing is registered for this route only.
 * The upload is spooled to a temporary file first, so a slow upload never holds a
 * database transaction open, and the reader can check the file before parsing it.
 */
export async function talentImportRoutes(fastify: FastifyInstance) {
  await fastify.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    paths.import,
    {
      schema: {
        tags,
        summary: 'Import talents from an .xlsx or .csv file',
        description:
          'multipart/form-data with `file` (at most 20 MB and 50,000 rows; zh-CN or en-US headers ' +
          'in any order) and optionally `timeZone`. Rows whose platform and talent ID exist update ' +
          'that talent; others are added; bad rows are rejected with the column and the reason. ' +
          'All in one transaction: a file that cannot be read writes nothing (400).',
        consumes: ['multipart/form-data'],
        body: importFormFields,
        response: responses(importReport),
      },
      // withUpload reads the multipart body as a stream; the schema only documents it.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const report = await withUpload(request, ({ path, timeZone }) =>
        importTalents(app.db, path, {
          userId: request.auth.userId,
          locale: request.locale,
          timeZone,
        }),
      );
      return ok(request, report, 'success.imported', {
        accepted: report.accepted,
        updated: report.updated,
        rejected: report.rejected,
      });
    },
  );
}
