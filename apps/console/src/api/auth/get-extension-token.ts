import { apiPaths, extensionTokenData, type ExtensionTokenData } from '@inviteflow/contract';
import { request } from '@/lib/request.ts';

/**
 * POST auth/extension-token: the extension's scoped, short-lived token for this session.
 * Quiet: the extension is a companion, and a failed hand-over must not disturb the page.
 * Resolves null for an answer that is not a token.
 */
export async function getExtensionToken(): Promise<ExtensionTokenData | null> {
  const data = await request<unknown>(apiPaths.auth.extensionToken, {
    method: 'POST',
    quiet: true,
  });
  const parsed = extensionTokenData.safeParse(data);
  return parsed.success ? parsed.data : null;
}
