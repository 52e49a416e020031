import { apiPaths, type SendSmsCodeBody, type SendSmsCodeData } from '@inviteflow/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** POST auth/send-sms-code; used by register, forgot password and the profile's phone change. */
export function sendSmsCode(body: SendSmsCodeBody): Promise<SendSmsCodeData> {
  return request<SendSmsCodeData>(apiPaths.auth.sendSmsCode, { method: 'POST', body });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
