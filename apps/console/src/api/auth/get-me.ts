import { apiPaths, type MeData } from '@inviteflow/contract';
import { request } from '@/lib/request.ts';

export function getMe(): Promise<MeData | null> {
  return request<MeData | null>(apiPaths.auth.me);
}
