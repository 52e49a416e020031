import { z } from './zod.ts';
import { pageQuery } from './envelope.ts';
import { isoDateTime, optionalText, requiredText } from './fields.ts';
import {
  KEYWORD_MAX,
  PRODUCT_NAME_MAX,
  REMARK_MAX,
  SCRIPT_CONTENT_MAX,
  productIdPattern,
} from './field-limits.ts';

const keyword = z
  .string({ error: 'validation.invalidField' })
  .trim()
  .max(KEYWORD_MAX, { error: 'validation.keywordMax' })
  .optional()
  .transform((value) => value || undefined);

/** Script templates: the invitation message a seller sends, with a remark. */
export const scriptTemplate = z.object({
  id: z.number().int(),
  content: z.string(),
  remark: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ScriptTemplate = z.infer<typeof scriptTemplate>;

export const scriptTemplateBody = z.object({
  content: requiredText('validation.scriptContentRequired').max(SCRIPT_CONTENT_MAX, {
    error: 'validation.scriptContentMax',
  }),
  remark: optionalText(REMARK_MAX, 'validation.remarkMax'),
});
export type ScriptTemplateBody = z.input<typeof scriptTemplateBody>;

export const scriptTemplateQuery = pageQuery.extend({ keyword });
export type ScriptTemplateQuery = z.input<typeof scriptTemplateQuery>;
/** The query after its defaults are applied: what the server receives. */
export type ScriptTemplateListQuery = z.output<typeof scriptTemplateQuery>;

/** Product templates: the products a seller invites talents to promote. */
export const productTemplate = z.object({
  id: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  remark: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ProductTemplate = z.infer<typeof productTemplate>;

export const productTemplateBody = z.object({
  productId: requiredText('validation.productIdRequired').regex(productIdPattern, {
    error: 'validation.productIdFormat',
  }),
  productName: requiredText('validation.productNameRequired').max(PRODUCT_NAME_MAX, {
    error: 'validation.productNameMax',
  }),
  remark: optionalText(REMARK_MAX, 'validation.remarkMax'),
});
export type ProductTemplateBody = z.input<typeof productTemplateBody>;

export const productTemplateQuery = pageQuery.extend({ keyword });
export type ProductTemplateQuery = z.input<typeof productTemplateQuery>;
export type ProductTemplateListQuery = z.output<typeof productTemplateQuery>;
