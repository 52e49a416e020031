import fc from 'fast-check';
import type { JsonSchema } from './route-table.ts';

/**
 * Inputs a hostile or broken client sends, for the fuzzing suite: fragments of SQL and
 * script, the corners of Unicode, numbers that are not quite numbers, structures too
 * deep or too big, and keys that try to reach an object's prototype.
 */

export const sqlFragments = [
  "' OR '1'='1",
  "'; DROP TABLE talents; --",
  '1; select pg_sleep(3) --',
  '" OR ""="',
  "%' AND 1=1 --",
  "\\'; --",
  '$1',
  '::int',
  "E'\\x00'",
  '1) OR (1=1',
  "admin'--",
  '%_%',
  '\\',
];

export const scriptFragments = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "{{constructor.constructor('alert(1)')()}}",
  '${7*7}',
  '{talentName}{shopName}{productNames}{unknownVariable}',
  '</textarea><svg onload=alert(1)>',
  '=HYPERLINK("http://evil.example","x")',
  '+cmd|"/C calc"!A0',
  '@SUM(1+1)',
];

export const unicodeEdges = [
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\u202Eevil\u202C',
  '\u200F\u200Eرتل',
  '\u200B\u200C\u200D\uFEFF',
  '\u0000',
  'a\u0000b',
  `e${'\u0301'.repeat(200)}`,
  '👩‍👩‍👧‍👦',
  '１２３',
  '١٢٣',
  '𠀀𪚥',
  '\uFFFF\uFFFE',
  '\u2028\u2029',
  '\r\n\t\v\f',
  '\u001b[31m',
  ' ',
  '',
  '\u3000',
];

export const numberishStrings = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0x10',
  '1e309',
  '-1e309',
  '9007199254740993',
  '99999999999999999999999',
  '2147483648',
  '1.5',
  '0.0000001',
  ' 1',
  '1 ',
  '+1',
  '1_000',
  '٣',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
];

export const pathStrings = [
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '/',
  '\\\\server\\share',
  '.',
  '~',
];

export const prototypeKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
];

export const hostileNumbers = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e-7,
];

const hugeStrings = ['x'.repeat(100_000), '字'.repeat(20_000), `${'a'.repeat(5000)}\u0000`];

/** Any of the hostile strings above, or a random string of any code units (lone surrogates too). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...sqlFragments, ...scriptFragments) },
  { weight: 4, arbitrary: fc.constantFrom(...unicodeEdges) },
  { weight: 3, arbitrary: fc.constantFrom(...numberishStrings, ...pathStrings, ...prototypeKeys) },
  { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** A value of the wrong type for whatever was expected. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...hostileNumbers),
  fc.constant([]),
  fc.constant({}),
  fc.constant([[[null]]]),
  fc.constant({ nested: { deeper: [1, '2', null] } }),
  fc.array(fc.integer(), { maxLength: 5 }),
);

/** A hostile value of any JSON type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers) },
);

/** A string the schema would accept (so a request gets past one field and on to the next). */
function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern), { maxLength: 64 })
        .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 64));
    } catch {
      // A pattern fast-check cannot generate from: plain text below.
    }
  }
  const max = Math.min(schema.maxLength ?? 30, 30);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max });
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.max(min, max) });
}

/** Ids of rows that exist (the fuzzing account's own), so an id field sometimes finds one. */
export type RealIds = readonly number[];

function isIdName(name: string | undefined): boolean {
  return name !== undefined && (name === 'ids' || name === 'id' || /Ids?$/.test(name));
}

/**
 * A value for one field: mostly what the schema accepts, often something hostile in
 * its place. `depth` bounds nesting.
 */
export function fieldValue(
  schema: JsonSchema,
  depth = 0,
  realIds: RealIds = [],
  name?: string,
): fc.Arbitrary<unknown> {
  const valid = validValue(schema, depth, realIds, name);
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileValue });
}

function validValue(
  schema: JsonSchema,
  depth: number,
  realIds: RealIds,
  name?: string,
): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length)
    return fc.oneof(...schema.anyOf.map((child) => validValue(child, depth, realIds, name)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const options: Array<fc.Arbitrary<unknown>> = [];
  for (const type of types) {
    if (type === 'string') options.push(validString(schema));
    else if (type === 'integer' || type === 'number') {
      options.push(validNumber(schema));
      if (isIdName(name) && realIds.length) options.push(fc.constantFrom(...realIds));
    } else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
    else if (type === 'array' && depth < 3) {
      const items = schema.items
        ? fc.oneof(
            { weight: 3, arbitrary: validValue(schema.items, depth + 1, realIds, name) },
            { weight: 1, arbitrary: fieldValue(schema.items, depth + 1, realIds, name) },
          )
        : hostileValue;
      options.push(
        fc.array(items, {
          minLength: Math.min(schema.minItems ?? 0, 5),
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        }),
      );
    } else if (type === 'object' && depth < 3)
      options.push(validObject(schema, depth + 1, realIds));
  }
  return options.length ? fc.oneof(...options) : hostileValue;
}

/** An object the schema accepts field by field (required fields present). */
function validObject(
  schema: JsonSchema,
  depth: number,
  realIds: RealIds,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, child]) => [
        key,
        validValue(child, depth, realIds, key),
      ]),
    ),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/**
 * An object for a schema, three ways: valid field by field (so the handler runs); valid
 * but for one field, which is hostile or missing (so each rule and each write is reached
 * with something it did not expect); or every field valid or hostile at random, with
 * stray keys (prototype keys among them).
 */
export function objectValue(
  schema: JsonSchema,
  depth = 0,
  realIds: RealIds = [],
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const valid = validObject(schema, depth, realIds);
  const oneOff = names.length
    ? fc
        .tuple(valid, fc.constantFrom(...names), fc.option(hostileValue, { freq: 6 }))
        .map(([object, key, value]) => {
          const copy: Record<string, unknown> = { ...object };
          if (value === null) delete copy[key];
          else copy[key] = value;
          return copy;
        })
    : valid;
  const chaotic = fc
    .tuple(
      fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, child]) => [
            key,
            fieldValue(child, depth, realIds, key),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.dictionary(
        fc.oneof(fc.constantFrom(...prototypeKeys, 'unknownField', 'id', 'userId'), fc.string()),
        hostileValue,
        { maxKeys: 2 },
      ),
    )
    .map(([known, stray]) => ({ ...stray, ...known }));
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: oneOff },
    { weight: 3, arbitrary: chaotic },
  );
}

/** Raw JSON texts that JSON.stringify cannot make: too deep, too big, prototype keys, bad syntax. */
export const rawJsonBodies: string[] = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
  `[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]`,
  `{"ids":[${Array.from({ length: 50_000 }, () => 1).join(',')}]}`,
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":1,"a":2,"__proto__":[]}',
  '{"id":1e999,"page":-1e999,"shopId":123456789012345678901234567890}',
  '{"page":NaN}',
  '{"unterminated": "',
  '{"a":1}{"b":2}',
  "{'single':'quotes'}",
  '\uFEFF{"bom":true}',
  '',
  'null',
  '"a string"',
  '12345',
  'true',
  '[]',
  '\u0000',
];
