import { Button, Message } from '@arco-design/web-react';
import { SMS_RESEND_SECONDS, type SmsPurpose } from '@inviteflow/contract';
import { useSendSmsCode } from '@/api/auth/send-sms-code.ts';
import { useCountdown } from '@/lib/use-countdown.ts';
import { tCatalogue, useT } from '@/locale/index.ts';

interface SmsCodeButtonProps {
  purpose: SmsPurpose;
  /** Validates the phone field and resolves its value, or rejects when it is not valid yet. */
  getPhone: () => Promise<string>;
  disabled?: boolean;
}

/**
 * "Get code": sends a verification code and then counts down the server's
 * `resendAfterSeconds` (60 s) before it can be pressed again.
 */
export function SmsCodeButton({ purpose, getPhone, disabled }: SmsCodeButtonProps) {
  const { t } = useT();
  const send = useSendSmsCode();
  const countdown = useCountdown();

  const onClick = async () => {
    let phoneNumber: string;
    try {
      phoneNumber = await getPhone();
    } catch {
      return; // The phone field already shows why.
    }
    try {
      const data = await send.mutateAsync({ phoneNumber, purpose });
      Message.success(tCatalogue('success.smsSent'));
      countdown.start(data.resendAfterSeconds > 0 ? data.resendAfterSeconds : SMS_RESEND_SECONDS);
    } catch {
      // Shown by the request layer (including the wait of a 429).
    }
  };

  return (
    <Button
      className="sms-code-button"
      disabled={disabled || countdown.running}
      loading={send.isPending}
      onClick={() => void onClick()}
    >
      {countdown.running
        ? t('common.resendIn', { seconds: countdown.seconds })
        : t('common.sendCode')}
    </Button>
  );
}
