import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum recommendation (19 MiB, t=2, p=1).
 * @node-rs/argon2 ships its compiled binary in a registry package: no native build.
 */
const options = {
  // Algorithm.Argon2id (a const enum, so spelled as its value under verbatimModuleSyntax).
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * How many password checks this process has evaluated (each an argon2id verification,
 * the dummy one included). The throttles promise that a burst of guesses gets at most
 * the limit evaluated; this is where that is observed (test/security/bursts.test.ts),
 * without standing in for the rules that decide it.
 */
export const passwordChecks = { evaluated: 0 };

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordChecks.evaluated += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so the
 * response time does not tell whether an account name is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('inviteflow-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
