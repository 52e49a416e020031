import {
  apiPaths,
  idParams,
  pageData,
  productTemplate,
  productTemplateBody,
  productTemplateQuery,
  scriptTemplate,
  scriptTemplateBody,
  scriptTemplateQuery,
} from '@inviteflow/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { emptyResponses, responses } from '../../lib/route-schemas.ts';
import {
  productRepository,
  scriptRepository,
  toProductTemplate,
  toScriptTemplate,
} from './repository.ts';

const tags = ['templates'];
const byId = '/:id';

/** Script templates: list (keyword, pages), read, create, edit, delete; the caller's own only. */
export async function scriptTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = apiPaths.templates.scripts;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List script templates',
        querystring: scriptTemplateQuery,
        response: responses(pageData(scriptTemplate)),
      },
    },
    async (request) => {
      const page = await scriptRepository.list(app.db, request.auth.userId, request.query);
      return ok(request, { ...page, list: page.list.map(toScriptTemplate) });
    },
  );

  app.get(
    base + byId,
    {
      schema: {
        tags,
        summary: 'Read a script template',
        params: idParams,
        response: responses(scriptTemplate),
      },
    },
    async (request) => {
      const row = await scriptRepository.find(app.db, request.auth.userId, request.params.id);
      if (!row) throw notFound();
      return ok(request, toScriptTemplate(row));
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a script template',
        body: scriptTemplateBody,
        response: responses(scriptTemplate),
      },
    },
    async (request) => {
      const row = await scriptRepository.create(app.db, request.auth.userId, request.body);
      return ok(request, toScriptTemplate(row), 'success.created');
    },
  );

  app.put(
    base + byId,
    {
      schema: {
        tags,
        summary: 'Edit a script template',
        params: idParams,
        body: scriptTemplateBody,
        response: responses(scriptTemplate),
      },
    },
    async (request) => {
      const row = await scriptRepository.update(
        app.db,
        request.auth.userId,
        request.params.id,
        request.body,
      );
      if (!row) throw notFound();
      return ok(request, toScriptTemplate(row), 'success.updated');
    },
  );

  app.delete(
    base + byId,
    {
      schema: {
        tags,
        summary: 'Delete a script template',
        params: idParams,
        response: emptyResponses,
      },
    },
    async (request) => {
      if (!(await scriptRepository.remove(app.db, request.auth.userId, request.params.id)))
        throw notFound();
      return ok(request, null, 'success.deleted');
    },
  );
}

const productIdTaken = 'Another template of the account has this product ID';

/** Product templates: the same calls; one template per product ID in an account. */
export async function productTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = apiPaths.templates.products;

  /** A second template for the same product ID is refused by name. */
  const saving = async <T>(productId: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'product_templates_user_product_key')) {
        throw conflict('error.productIdTaken', { productId });
      }
      throw error;
    }
  };

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List product templates',
        querystring: productTemplateQuery,
        response: responses(pageData(productTemplate)),
      },
    },
    async (request) => {
      const page = await productRepository.list(app.db, request.auth.userId, request.query);
      return ok(request, { ...page, list: page.list.map(toProductTemplate) });
    },
  );

  app.get(
    base + byId,
    {
      schema: {
        tags,
        summary: 'Read a product template',
        params: idParams,
        response: responses(productTemplate),
      },
    },
    async (request) => {
      const row = await productRepository.find(app.db, request.auth.userId, request.params.id);
      if (!row) throw notFound();
      return ok(request, toProductTemplate(row));
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a product template',
        body: productTemplateBody,
        response: responses(productTemplate, { 409: productIdTaken }),
      },
    },
    async (request) => {
      const row = await saving(request.body.productId, () =>
        productRepository.create(app.db, request.auth.userId, request.body),
      );
      return ok(request, toProductTemplate(row), 'success.created');
    },
  );

  app.put(
    base + byId,
    {
      schema: {
        tags,
        summary: 'Edit a product template',
        params: idParams,
        body: productTemplateBody,
        response: responses(productTemplate, { 409: productIdTaken }),
      },
    },
    async (request) => {
      const row = await saving(request.body.productId, () =>
        productRepository.update(app.db, request.auth.userId, request.params.id, request.body),
      );
      if (!row) throw notFound();
      return ok(request, toProductTemplate(row), 'success.updated');
    },
  );

  app.delete(
    base + byId,
    {
      schema: {
        tags,
        summary: 'Delete a product template',
        params: idParams,
        response: emptyResponses,
      },
    },
    async (request) => {
      if (!(await productRepository.remove(app.db, request.auth.userId, request.params.id)))
        throw notFound();
      return ok(request, null, 'success.deleted');
    },
  );
}
