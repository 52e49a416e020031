import type { FastifyInstance } from 'fastify';

/**
 * The API document (/api/docs) must list every status a route answers, by its number.
 * Every app the harness builds is watched: an answer of a documented route whose status
 * the route's response schemas do not list is recorded, and the test that provoked it
 * fails (harness afterEach). So each test of the suite checks the document against what
 * the server really answered, and a new status cannot ship undocumented.
 *
 * To fix a failure: add the status to the route's `responses(data, { status: 'why' })`
 * (src/lib/route-schemas.ts), or, when every route of a kind answers it, to
 * `impliedFailures` in src/plugins/docs.ts.
 */
export function watchUndocumentedAnswers(app: FastifyInstance, found: string[]): void {
  app.addHook('onResponse', (request, reply, done) => {
    const { url, method, schema } = request.routeOptions;
    // Unknown paths (the not-found handler) and the document's own pages are not operations.
    if (url !== undefined && schema && !(schema as { hide?: boolean }).hide) {
      const documented = Object.keys(schema.response ?? {});
      if (!documented.includes(String(reply.statusCode))) {
        found.push(
          `${method} ${url} answered ${reply.statusCode}, which the API document does not list ` +
            `(it lists ${documented.join(', ') || 'nothing'})`,
        );
      }
    }
    done();
  });
}
