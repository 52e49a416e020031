import {
  apiPaths,
  extensionSessionData,
  type ExtensionSessionBody,
  type ExtensionSessionData,
} from '@inviteflow/contract';
import { request } from '@/lib/request.ts';

/**
 * POST extension/sessions: connects this browser, the extension gets a session of its own
 * (issue 17) that it renews by itself, with no console tab open. Quiet: the extension is a
 * companion, and a failed hand-over must not disturb the page. Null for an answer that is
 * not a session.
 */
export async function createExtensionSession(
  body: ExtensionSessionBody,
): Promise<ExtensionSessionData | null> {
  const data = await request<unknown>(apiPaths.extension.sessions, {
    method: 'POST',
    body,
    quiet: true,
  });
  const parsed = extensionSessionData.safeParse(data);
  return parsed.success ? parsed.data : null;
}
