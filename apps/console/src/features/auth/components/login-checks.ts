import { fieldErrors, loginBody, type Locale, type LoginBody } from '@inviteflow/contract';

/**
 * The login form's messages by field, from the contract's login body: exactly the server's
 * own check, in the given language. Loaded on the first keystroke, not with the page.
 */
export function loginErrors(
  locale: Locale,
  values: LoginBody,
): Partial<Record<keyof LoginBody, string>> {
  const result = loginBody.safeParse(values);
  return result.success ? {} : fieldErrors(locale, result.error.issues);
}
