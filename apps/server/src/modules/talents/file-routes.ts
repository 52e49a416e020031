import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  apiPaths,
  exportRequestBody,
  importFormFields,
  importReport,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { responses } from '../../lib/route-schemas.ts';
import { exportRoutes, importTemplateRoute } from '../../lib/sheets/file-routes.ts';
import { withUpload } from '../../lib/sheets/upload.ts';
import { exportFileName, streamExport } from './export-file.ts';
import { importTalents } from './import-service.ts';
import { importTemplate, templateFileName } from './import-template.ts';
import { zoneForRequest } from '../user/index.ts';
import { countTalents } from './repository.ts';

const tags = ['talents'];
const paths = apiPaths.talents;

/** The import template (public: it holds no data), the export flow, and its progress. */
export async function talentFileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  importTemplateRoute(app, {
    url: paths.importTemplate,
    tags,
    docs: {
      summary: 'Download the import template',
      description:
        'The import columns in the chosen language with one example row; the .xlsx also ' +
        'explains what each column accepts on a second sheet. No sign-in needed.',
    },
    fileName: templateFileName,
    file: (format, locale) => importTemplate(format, locale),
  });

  exportRoutes(app, {
    url: paths.exports,
    tags,
    docs: {
      start: {
        summary: 'Export the talents of a filter',
        description:
          'Answers a one-time download link valid for 5 minutes and the number of rows. The ' +
          "file (XLSX or CSV, in the caller's language and `timeZone`, else the account's zone) is " +
          'written while ' +
          'it downloads; `GET /talents/exports/{exportId}` tells how far it is.',
      },
      download: { summary: 'Download an export (one-time link)' },
      progress: { summary: 'How far an export is (for a progress bar)' },
    },
    kind: 'talents',
    downloadPath: paths.exportDownload,
    timeZone: (userId, asked) => zoneForRequest(app.db, userId, asked),
    body: exportRequestBody,
    prepare: async ({ format: _format, timeZone: _timeZone, sort, order, ...filters }, userId) => {
      // The progress bar needs the real number; a count is cheap next to writing the file.
      const { total } = await countTalents(app.db, userId, filters, {
        exact: true,
      });
      return { params: { sort, order, filters }, total };
    },
    fileName: (job) => exportFileName(job, new Date()),
    stream: (job, jobs, log) => streamExport(app.db, jobs, job, log),
  });
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
          'The whole file is read first, within limits on its cells, text, unzipped size and ' +
          'reading time, each refused with its own message (400); then the rows are written in ' +
          'short transactions, and a failure part-way rolls back what was written: all or ' +
          'nothing. One import at a time per account (409 while another runs).',
        consumes: ['multipart/form-data'],
        body: importFormFields,
        response: responses(importReport, {
          409: 'Another import of this account is in progress',
        }),
      },
      // withUpload reads the multipart body as a stream; the schema only documents it.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const { userId } = request.auth;
      const report = await withUpload(request, async ({ path, timeZone }) =>
        importTalents(app.db, path, {
          userId,
          locale: request.locale,
          timeZone: await zoneForRequest(app.db, userId, timeZone),
          now: () => app.clock.now(),
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
