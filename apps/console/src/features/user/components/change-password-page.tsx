import { Alert, Button, Card, Form, Input, Message, Space } from '@arco-design/web-react';
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import { changePasswordBody, type ChangePasswordBody } from '@inviteflow/contract';
import { zodFieldRules, zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useUserT } from '../locale/index.ts';
import './user.css';

export function ChangePasswordPage() {
  const { t, locale } = useUserT();
  const [form] = Form.useForm<ChangePasswordBody>();
  const mutation = useChangePassword();
  const values = () => form.getFieldsValue() as Record<string, unknown>;

  const onSubmit = async (data: ChangePasswordBody) => {
    try {
      await mutation.mutateAsync(data);
      Message.success(tCatalogue('success.passwordChanged'));
      form.resetFields();
    } catch {
      // Shown by the request layer (e.g. a wrong current password).
    }
  };

  const tips = [
    'tips.mixedCase',
    'tips.digits',
    'tips.symbols',
    'tips.length',
    'tips.unique',
  ] as const;

  return (
    <div className="password-layout">
      <Card className="user-card password-card" title={t('password.title')}>
        <Alert type="info" content={t('password.staySignedIn')} className="password-alert" />
        <Form<ChangePasswordBody>
          form={form}
          layout="vertical"
          onSubmit={(data) => void onSubmit(data)}
          onValuesChange={(changed) => {
            if ('newPassword' in changed && form.getFieldValue('confirmPassword')) {
              form.validate(['confirmPassword']).catch(() => undefined);
            }
          }}
        >
          <Form.Item
            field="oldPassword"
            label={t('password.old')}
            required
            rules={zodRules(changePasswordBody.shape.oldPassword, locale)}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            field="newPassword"
            label={t('password.new')}
            required
            rules={zodFieldRules(changePasswordBody, 'newPassword', locale, values)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            field="confirmPassword"
            label={t('password.confirm')}
            required
            rules={zodFieldRules(changePasswordBody, 'confirmPassword', locale, values)}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('password.submit')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('password.reset')}</Button>
          </Space>
        </Form>
      </Card>
      <Card className="user-card tips-card" title={t('tips.title')}>
        <ul className="tips-list">
          {tips.map((key) => (
            <li key={key}>
              <IconCheckCircleFill className="tips-icon" />
              {t(key)}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
