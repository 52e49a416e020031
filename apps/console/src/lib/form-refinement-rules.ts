import type { RulesProps } from '@arco-design/web-react';
import type { Locale } from '@inviteflow/contract';
import type { z } from 'zod';
import { firstMessage, type Values } from './form-rules.ts';

/**
 * Rules for a field that an object-level refinement checks against other fields (a contact
 * must look like its contact method). zod runs an object's refinements only once every field
 * is valid, so the refinement would stay silent while any unrelated field is still wrong. The
 * schema therefore runs on `sample`, a body valid in every field, overlaid with the related
 * fields as the form holds them and this field's new value; only issues at this field count.
 */
export function zodRefinementRules<S extends z.ZodObject>(
  schema: S,
  field: Extract<keyof z.input<S>, string>,
  locale: Locale,
  options: {
    sample: z.input<S>;
    related: ReadonlyArray<Extract<keyof z.input<S>, string>>;
    getValues: () => Values;
    /** The form's value of a field as the request takes it; the value itself by default. */
    toBody?: (field: string, value: unknown) => unknown;
  },
): RulesProps[] {
  const toBody = options.toBody ?? ((_field: string, value: unknown) => value);
  return [
    {
      validator: (value, callback) => {
        const current = options.getValues();
        const body: Values = { ...(options.sample as Values) };
        for (const name of options.related) body[name] = toBody(name, current[name]);
        body[field] = toBody(field, value);
        const result = schema.safeParse(body);
        if (result.success) return callback();
        const own = result.error.issues.filter((issue) => issue.path[0] === field);
        callback(firstMessage(locale, own));
      },
    },
  ];
}
