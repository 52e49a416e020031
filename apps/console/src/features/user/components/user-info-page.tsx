import {
  Avatar,
  Button,
  Card,
  Descriptions,
  Skeleton,
  Space,
  Typography,
} from '@arco-design/web-react';
import { IconEdit, IconLock } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMinute } from '@/lib/format-date.ts';
import { timeZoneLabel } from '@/lib/time-zone.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUserT } from '../locale/index.ts';
import { ConnectedBrowsers } from './connected-browsers.tsx';
import { ProfileEditModal } from './profile-edit-modal.tsx';
import './user.css';

// react-router's navigate() returns a promise only under a data router, and it settles when the
// navigation does (https://reactrouter.com/api/hooks/useNavigate): nothing here waits for it, hence `void`.

export function UserInfoPage() {
  const { t, locale } = useUserT();
  const navigate = useNavigate();
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const data = profile.data;
  const orEmpty = (value: string | undefined) =>
    value ? value : <Typography.Text type="secondary">{t('info.empty')}</Typography.Text>;

  return (
    <>
      <Card className="user-card" title={t('info.title')}>
        {!data ? (
          <Skeleton animation text={{ rows: 4 }} loading={profile.isPending} />
        ) : (
          <>
            <div className="user-header">
              <Avatar size={64} className="user-avatar">
                {(data.nickname || data.username).slice(0, 1).toUpperCase()}
              </Avatar>
              <div className="user-header-text">
                <Typography.Title heading={5} style={{ margin: 0 }}>
                  {data.nickname || data.username}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {data.username} · {t('info.accountId', { id: data.id })}
                </Typography.Text>
              </div>
              <Space className="user-header-actions">
                <Button type="primary" icon={<IconEdit />} onClick={() => setEditing(true)}>
                  {t('info.edit')}
                </Button>
                <Button icon={<IconLock />} onClick={() => void navigate('/user/change-password')}>
                  {t('info.changePassword')}
                </Button>
              </Space>
            </div>
            <Descriptions
              column={1}
              labelStyle={{ width: 140 }}
              data={[
                { label: t('info.nickname'), value: orEmpty(data.nickname) },
                { label: t('info.email'), value: orEmpty(data.email) },
                { label: t('info.phone'), value: data.phoneNumber },
                { label: t('info.registeredAt'), value: formatDateTime(data.registeredAt, locale) },
                { label: t('info.lastLoginAt'), value: formatDateTime(data.lastLoginAt, locale) },
                {
                  label: t('info.timeZone'),
                  value: (
                    <div className="user-time-zone" data-testid="user-time-zone">
                      <span>{timeZoneLabel(data.timeZone, locale)}</span>
                      {data.timeZoneDaysFrom && (
                        <Typography.Text type="secondary">
                          {t('info.timeZonePending', {
                            time: formatMinute(data.timeZoneDaysFrom, locale, data.timeZone),
                          })}
                        </Typography.Text>
                      )}
                    </div>
                  ),
                },
              ]}
            />
            <ProfileEditModal profile={data} visible={editing} onClose={() => setEditing(false)} />
          </>
        )}
      </Card>
      <ConnectedBrowsers />
    </>
  );
}
