import { config, z } from 'zod';

/*
 * The contract's zod, configured once. Every schema module takes `z` from here, so the
 * configuration holds wherever a schema runs, and code that uses no schema (the console's
 * first screen) does not load zod at all.
 *
 * (`config` is called by its own name: the console's build treats calls on `z` as free of
 * side effects, so that the schemas it does not use fall away.)
 *
 * Issues do not carry their input afterwards, so a missing value is told apart from a
 * wrong one here, when the issue is made. Rules with their own message key take
 * precedence over this.
 */
config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? 'validation.requiredField'
      : undefined,
});

export { z };
