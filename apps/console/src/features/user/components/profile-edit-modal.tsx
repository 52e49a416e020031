import { Alert, Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import {
  currentPasswordField,
  updateProfileBody,
  type ProfileData,
  type UpdateProfileBody,
} from '@inviteflow/contract';
import { useEffect, useMemo } from 'react';
import { SmsCodeField } from '@/components/sms-code-field.tsx';
import { useDiscardGuard } from '@/components/use-discard-guard.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { timeZoneOptions } from '@/lib/time-zone.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUserT } from '../locale/index.ts';

interface EditForm {
  nickname: string;
  email: string;
  phoneNumber: string;
  timeZone: string;
  code?: string;
  currentPassword?: string;
}

/**
 * Edits nickname, email, phone and the account's time zone. A new phone signs the account in and receives its
 * password resets, so it needs a code sent to it (purpose change-phone) and the current
 * password; the old number is told, and the account's other sign-ins end.
 */
export function ProfileEditModal(props: {
  profile: ProfileData;
  visible: boolean;
  onClose: () => void;
}) {
  const { profile, visible, onClose } = props;
  const { t, locale } = useUserT();
  const [form] = Form.useForm<EditForm>();
  const mutation = useUpdateProfile();
  const phone = Form.useWatch('phoneNumber', form) as string | undefined;
  const phoneChanged = Boolean(phone) && phone?.trim() !== profile.phoneNumber;
  const zone = Form.useWatch('timeZone', form) as string | undefined;
  const zoneChanged = Boolean(zone) && zone !== profile.timeZone;
  const shape = updateProfileBody.shape;
  const zones = useMemo(
    () => timeZoneOptions(locale, profile.timeZone),
    [locale, profile.timeZone],
  );

  const startValues = (): EditForm => ({
    nickname: profile.nickname,
    email: profile.email,
    phoneNumber: profile.phoneNumber,
    timeZone: profile.timeZone,
    code: '',
    currentPassword: '',
  });
  useEffect(() => {
    if (visible) form.setFieldsValue(startValues());
    // The values follow the profile shown; startValues is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, profile, form]);
  // Esc, the mask, × and Cancel ask first when something was changed.
  const close = useDiscardGuard({ form, baseline: startValues, onClose });

  const onOk = async () => {
    let values: EditForm;
    try {
      values = await form.validate();
    } catch {
      return; // The fields show what is wrong.
    }
    const body: UpdateProfileBody = {
      nickname: values.nickname,
      email: values.email,
      phoneNumber: values.phoneNumber.trim(),
      timeZone: values.timeZone,
      code: phoneChanged ? values.code : undefined,
      currentPassword: phoneChanged ? values.currentPassword : undefined,
    };
    try {
      await mutation.mutateAsync(body);
      Message.success(tCatalogue('success.saved'));
      onClose();
    } catch {
      // Shown by the request layer; the modal stays open to fix the input.
    }
  };

  return (
    <Modal
      title={t('edit.title')}
      visible={visible}
      onOk={() => void onOk()}
      onCancel={close}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      confirmLoading={mutation.isPending}
      unmountOnExit
      autoFocus={false}
    >
      <Form<EditForm> form={form} layout="vertical">
        <Form.Item
          field="nickname"
          label={t('info.nickname')}
          rules={zodRules(shape.nickname, locale)}
        >
          <Input placeholder={t('edit.nicknamePlaceholder')} maxLength={32} showWordLimit />
        </Form.Item>
        <Form.Item field="email" label={t('info.email')} rules={zodRules(shape.email, locale)}>
          <Input placeholder={t('edit.emailPlaceholder')} autoComplete="email" />
        </Form.Item>
        <Form.Item
          field="phoneNumber"
          label={t('info.phone')}
          rules={zodRules(shape.phoneNumber, locale)}
          required
          extra={phoneChanged ? t('edit.phoneChanged') : undefined}
        >
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item
          field="timeZone"
          label={t('info.timeZone')}
          rules={zodRules(shape.timeZone, locale)}
          extra={zoneChanged ? t('edit.timeZoneChange') : t('edit.timeZoneHelp')}
        >
          <Select showSearch options={zones} placeholder={t('edit.timeZonePlaceholder')} />
        </Form.Item>
        {phoneChanged && (
          <>
            <SmsCodeField form={form} purpose="change-phone" label={t('edit.code')} />
            <Form.Item
              field="currentPassword"
              label={t('edit.currentPassword')}
              required
              rules={zodRules(currentPasswordField, locale)}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Alert type="warning" content={t('edit.phoneChangeNotice')} />
          </>
        )}
      </Form>
    </Modal>
  );
}
