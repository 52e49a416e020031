import { loginRequestMessage, storedUserInfo, type StoredUserInfo } from '@inviteflow/contract';

/**
 * The contract's checks of what the extension protocol carries. Loaded when a message
 * arrives or the user info is handed over, not with the first screen: the schemas bring
 * zod along.
 */
export function isLoginRequest(data: unknown): boolean {
  return loginRequestMessage.safeParse(data).success;
}

/** Reads stored user info for the extension: the parsed object, or null when absent or damaged. */
export function parseUserInfo(raw: string | null): StoredUserInfo | null {
  if (!raw) return null;
  try {
    const parsed = storedUserInfo.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
