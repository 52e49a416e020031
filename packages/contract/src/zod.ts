import { z } from 'zod';

/*
 * The contract's zod, configured once. Every schema module takes `z` from here, so the
 * configuration holds wherever a schema runs, and code that uses no schema (the console's
 * first screen) does not load zod at all.
 *
 * Issues do not carry their input afterwards, so a missing value is told apart from a
 * wrong one here, when the issue is made. Rules with their own message key take
 * precedence over this.
 */
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? 'validation.requiredField'
      : undefined,
});

export { z };
