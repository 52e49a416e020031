import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refuseUnstorable } from '../lib/storable-text.ts';

/**
 * Text that cannot be stored (a NUL, a lone surrogate) is refused before validation on
 * every route, naming the field: a NUL reaching a query made PostgreSQL fail the request
 * with a 500. Multipart fields are checked where they are read (lib/sheets/upload.ts).
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      refuseUnstorable(request.locale, part);
    }
  });
});
