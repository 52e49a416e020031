import { Alert, Form, Input, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { BLACKLIST_REASON_MAX, blacklistReasonField, type Talent } from '@inviteflow/contract';
import { formatCount } from '@/lib/format-number.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useBatchBlacklist } from '../api/batch-blacklist.ts';
import { useTalentsT } from '../locale/index.ts';
import { BatchModal, type BatchModalProps } from './batch-modal.tsx';

/**
 * Batch blacklist, the spec's confirm modal: the selected talents (name, ID, fans) and a
 * required reason. Blacklisted talents are never invited.
 */
export function BatchBlacklistModal(props: BatchModalProps) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<{ reason: string }>();
  const mutation = useBatchBlacklist();
  const { talents } = props;

  return (
    <BatchModal
      {...props}
      form={form}
      title={t('batch.blacklistTitle')}
      okText={t('batch.blacklistOk')}
      okButtonProps={{ status: 'danger' }}
      style={{ width: 640, maxWidth: 'calc(100vw - 32px)' }}
      pending={mutation.isPending}
      submit={(ids, values) => mutation.mutateAsync({ ids, reason: values.reason })}
      success={() => tCatalogue('success.blacklisted')}
    >
      <Alert
        type="warning"
        content={t('batch.blacklistWarning', { count: talents.length })}
        style={{ marginBottom: 16 }}
      />
      <Table<Talent>
        className="talent-blacklist-list"
        rowKey="id"
        size="small"
        border={{ wrapper: true, cell: false }}
        pagination={false}
        scroll={{ y: 240 }}
        data={[...talents]}
        columns={[
          {
            title: t('column.name'),
            dataIndex: 'name',
            render: (name: string, talent) => (
              <Space size={6}>
                <Typography.Text ellipsis={{ showTooltip: true }}>{name}</Typography.Text>
                {/* The server leaves these as they are: nothing to add. */}
                {talent.status === 'blacklisted' && (
                  <Tag size="small">{t('batch.alreadyBlacklisted')}</Tag>
                )}
              </Space>
            ),
          },
          { title: t('column.talentId'), dataIndex: 'platformTalentId', ellipsis: true },
          {
            title: t('column.fans'),
            dataIndex: 'fansCount',
            align: 'right',
            width: 120,
            render: (value: number) => formatCount(value, locale),
          },
        ]}
      />
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item
          field="reason"
          label={t('batch.blacklistReason')}
          required
          rules={zodRules(blacklistReasonField, locale)}
        >
          <Input.TextArea
            placeholder={t('batch.blacklistReasonPlaceholder')}
            maxLength={BLACKLIST_REASON_MAX}
            showWordLimit
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
    </BatchModal>
  );
}
