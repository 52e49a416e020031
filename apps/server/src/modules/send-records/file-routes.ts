import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  apiPaths,
  issueMessage,
  sendExportBody,
  sendImportColumnKeys,
  sendImportFields,
  sendImportReport,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { responses } from '../../lib/route-schemas.ts';
import { exportRoutes, importTemplateRoute } from '../../lib/sheets/file-routes.ts';
import { withUpload } from '../../lib/sheets/upload.ts';
import { streamSheet } from '../../lib/sheets/writer.ts';
import { importTemplate } from '../talents/index.ts';
import { zoneForRequest } from '../user/index.ts';
import { importSendRecords, importTemplateFileName, recordFileName, recordSheet } from './files.ts';
import type { TaskActionCompiler } from './task-creation.ts';
import { countRecordsExactly } from './repository.ts';

const tags = ['send records'];
const paths = apiPaths.sendRecords;

/** The import template (public), the export flow and its progress. */
export async function sendRecordFileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  importTemplateRoute(app, {
    url: paths.importTemplate,
    tags,
    docs: {
      summary: 'Download the send record import template',
      description:
        'The talent columns an import reads (name, platform, talent ID) in the chosen language, ' +
        'with an example row; the .xlsx explains each column on a second sheet. No sign-in needed.',
    },
    fileName: importTemplateFileName,
    file: (format, locale) =>
      importTemplate(format, locale, {
        only: sendImportColumnKeys,
        note: 'template.sendGuideNote',
      }),
  });

  exportRoutes(app, {
    url: paths.export,
    tags,
    docs: {
      start: {
        summary: 'Export the send records of a filter',
        description:
          'Answers a one-time download link valid for 5 minutes and the number of rows. The ' +
          "file (XLSX or CSV, in the caller's language and `timeZone`, else the account's zone) is " +
          'written while ' +
          'it downloads; `GET /send-records/export/{exportId}` tells how far it is.',
      },
      download: { summary: 'Download a send record export (one-time link)' },
      progress: { summary: 'How far a send record export is (for a progress bar)' },
    },
    kind: 'records',
    downloadPath: paths.exportDownload,
    timeZone: (userId, asked) => zoneForRequest(app.db, userId, asked),
    body: sendExportBody,
    prepare: async ({ format: _format, timeZone: _timeZone, order, ...filters }, userId) => {
      const total = await countRecordsExactly(app.db, userId, filters);
      return { params: { order, filters }, total };
    },
    fileName: recordFileName,
    stream: (job, jobs, log) => streamSheet(recordSheet(app.db, job), jobs, job, log),
  });
}

/**
 * Import, in its own scope (multipart for this route only). The file is spooled first,
 * so a slow upload never holds the transaction (and the account lock) open.
 */
export async function sendRecordImportRoutes(
  fastify: FastifyInstance,
  opts: {
    /** platforms' compilers of a task's actions, passed in by app.ts (see TaskActionCompiler). */
    compiler: TaskActionCompiler;
  },
) {
  // As many fields as the import's settings have (the platform terms included), the file.
  const fields = Object.keys(sendImportFields.shape).length;
  await fastify.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields, fieldSize: 8192, parts: fields + 1 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    paths.import,
    {
      schema: {
        tags,
        summary: 'Create send records from an .xlsx or .csv file of talents',
        description:
          'multipart/form-data: the task settings as fields (shopId, taskType, contentType, ' +
          'script, scriptTemplateId, productTemplateIds comma-separated, setName, cooldown), ' +
          'then `file` (talent name, platform and talent ID columns; zh-CN or en-US headers in ' +
          'any order; at most 5,000 rows). Every valid row becomes a pending record of one new ' +
          'task, unless the talent is blacklisted or in the cool-down (rejected with the reason). ' +
          'The daily cap applies as for a create. The file is read whole before anything is ' +
          'written, within limits on its cells, text, unzipped size and reading time (400); then ' +
          'one transaction: a refused import writes nothing. One import at a time per account ' +
          '(409 while another runs, talents or send records).',
        consumes: ['multipart/form-data'],
        body: sendImportFields.extend({
          file: z.string().describe('The .xlsx or .csv file of talents (binary)'),
        }),
        response: responses(sendImportReport, {
          404: 'The shop is not the caller’s',
          409: 'Another import of this account is in progress',
          422:
            'As for a create: shop not bound, task type not for the shop’s channel, template not ' +
            'found, nothing to invite, daily cap',
        }),
      },
      // withUpload reads the multipart body as a stream; the schema only documents it.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const report = await withUpload(request, async ({ path, fields }) => {
        const parsed = sendImportFields.safeParse(fields);
        if (!parsed.success) {
          throw badRequest('validation.message', {
            message: issueMessage(request.locale, parsed.error.issues[0]!),
          });
        }
        return importSendRecords(app.db, path, {
          userId: request.auth.userId,
          locale: request.locale,
          settings: parsed.data,
          now: app.clock.now(),
          compiler: opts.compiler,
        });
      });
      return ok(request, report, 'success.sendImported', {
        accepted: report.accepted,
        rejected: report.rejected,
      });
    },
  );
}
