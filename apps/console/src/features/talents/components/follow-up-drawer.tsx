import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Form,
  Input,
  Message,
  Select,
  Spin,
  Timeline,
  Typography,
} from '@arco-design/web-react';
import {
  FOLLOW_UP_MAX,
  followUpBody,
  settableTalentStatuses,
  type FollowUp,
  type FollowUpBody,
  type Talent,
} from '@inviteflow/contract';
import { useEffect, useState } from 'react';
import { enumOptions } from '@/components/enum-options.tsx';
import { useDiscardGuard } from '@/components/use-discard-guard.ts';
import { LoadFailed } from '@/components/list-empty.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useCreateFollowUp } from '../api/create-follow-up.ts';
import { useFollowUps } from '../api/get-follow-ups.ts';
import { useTalentsT } from '../locale/index.ts';
import { enumText } from '../model/labels.ts';
import { TalentFigure } from './platform-figures.tsx';
import { identityRows } from './talent-identity.ts';
import { TalentOrders } from './talent-orders.tsx';
import { LabelTags, StatusTag } from './talent-tags.tsx';

/**
 * Who wrote an entry and what it says, in the reader's language: an entry the system wrote
 * (issue 19: a creator's answer moved the talent) is told from its `event`, its author shown
 * as 系统 / System; a person's entry as written.
 */
function followUpEntry(record: FollowUp): { author: string; content: string; system: boolean } {
  if (!record.event) return { author: record.author, content: record.content, system: false };
  return {
    author: tCatalogue('followUp.systemAuthor'),
    content: tCatalogue(`followUp.event.${record.event.stage}`, { shop: record.event.shopName }),
    system: true,
  };
}

interface FollowUpForm {
  content: string;
  status?: FollowUpBody['status'];
}

/**
 * A talent's follow-up record: who they are, what happened so far (time, author, content,
 * the status at that time) and a form to add what happened now, optionally moving the
 * talent to a new status.
 */
export function FollowUpDrawer({
  talent,
  onClose,
}: {
  talent: Talent | null;
  onClose: () => void;
}) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<FollowUpForm>();
  const talentId = talent?.id ?? null;
  const [pages, setPages] = useState({ talentId, count: 1 });
  // Another talent starts again at its first page.
  const pageCount = pages.talentId === talentId ? pages.count : 1;
  const history = useFollowUps(talentId, pageCount);
  const create = useCreateFollowUp();
  // A placeholder from another talent is not this talent's history.
  const data = history.isPlaceholderData && pages.talentId !== talentId ? undefined : history.data;
  const records = data?.list ?? [];
  const total = data?.total ?? 0;
  const blacklisted = talent?.status === 'blacklisted';

  useEffect(() => {
    form.resetFields();
  }, [talentId, form]);
  // Esc, the mask and × ask first when a follow-up was written but not added.
  const close = useDiscardGuard({ form, baseline: () => ({}), onClose });

  const submit = async () => {
    if (!talent) return;
    let values: FollowUpForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    try {
      await create.mutateAsync({
        talentId: talent.id,
        body: { content: values.content, ...(values.status ? { status: values.status } : {}) },
      });
      Message.success(tCatalogue('success.created'));
      form.resetFields();
    } catch {
      // Shown by the request layer; the text stays to try again.
    }
  };

  return (
    <Drawer
      title={t('followUp.title')}
      visible={talent !== null}
      width={640}
      footer={null}
      onCancel={close}
      unmountOnExit
      className="follow-up-drawer"
    >
      {talent && (
        <>
          <Descriptions
            title={t('followUp.summary')}
            column={2}
            size="small"
            labelStyle={{ whiteSpace: 'nowrap' }}
            data={[
              { label: t('column.name'), value: talent.name },
              ...identityRows(talent.identity, t),
              { label: t('column.platform'), value: enumText.platform(locale, talent.platform) },
              {
                label: t('column.status'),
                value: <StatusTag status={talent.status} locale={locale} />,
              },
              { label: t('column.fans'), value: formatCount(talent.fansCount, locale) },
              {
                label: t('column.businessAmount'),
                value: <TalentFigure talent={talent} field="businessAmountFen" />,
              },
              {
                label: t('column.dealCount'),
                value: <TalentFigure talent={talent} field="dealCount" />,
              },
              {
                label: t('column.contact'),
                value: talent.contactMethod
                  ? `${enumText.contactMethod(locale, talent.contactMethod)} ${talent.contactInfo}`
                  : '—',
              },
              {
                label: t('column.labels'),
                value: <LabelTags labels={talent.labels} locale={locale} />,
                span: 2,
              },
            ]}
          />
          <Divider />
          <TalentOrders talent={talent} />
          <Divider />
          <Typography.Title heading={6} className="follow-up-heading">
            {t('followUp.add')}
          </Typography.Title>
          <Form<FollowUpForm> form={form} layout="vertical">
            <Form.Item
              field="content"
              label={t('followUp.content')}
              required
              rules={zodRules(followUpBody.shape.content, locale)}
            >
              <Input.TextArea
                placeholder={t('followUp.contentPlaceholder')}
                maxLength={FOLLOW_UP_MAX}
                showWordLimit
                autoSize={{ minRows: 3, maxRows: 6 }}
              />
            </Form.Item>
            <div className="follow-up-form-row">
              <Form.Item
                field="status"
                label={t('followUp.newStatus')}
                extra={blacklisted ? t('form.statusBlacklisted') : undefined}
                className="follow-up-status"
              >
                <Select placeholder={t('followUp.keepStatus')} allowClear disabled={blacklisted}>
                  {enumOptions(settableTalentStatuses, (status) => enumText.status(locale, status))}
                </Select>
              </Form.Item>
              <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
                {t('followUp.submit')}
              </Button>
            </div>
          </Form>
          <Divider />
          <div className="follow-up-history-title">
            <Typography.Title heading={6} className="follow-up-heading">
              {t('followUp.history')}
            </Typography.Title>
            {total > 0 && (
              <Typography.Text type="secondary">
                {t('followUp.total', { total: formatCount(total, locale) })}
              </Typography.Text>
            )}
          </div>
          {!data && history.isError ? (
            <LoadFailed load={history} />
          ) : !data ? (
            <div className="follow-up-loading">
              <Spin />
            </div>
          ) : records.length === 0 ? (
            <Empty description={t('followUp.empty')} />
          ) : (
            <Timeline className="follow-up-timeline">
              {records.map((record) => {
                const entry = followUpEntry(record);
                return (
                  <Timeline.Item
                    key={record.id}
                    label={formatDateTime(record.createdAt, locale)}
                    {...(entry.system ? { dotColor: 'rgb(var(--gray-6))' } : {})}
                  >
                    <div className="follow-up-meta">
                      <Typography.Text bold>{entry.author}</Typography.Text>
                      <Typography.Text type="secondary">
                        {t('followUp.statusAtTime')}
                      </Typography.Text>
                      <StatusTag status={record.statusAtTime} locale={locale} />
                    </div>
                    <Typography.Paragraph className="follow-up-content">
                      {entry.content}
                    </Typography.Paragraph>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
          {data?.hasMore && (
            <div className="follow-up-more">
              <Button
                long
                loading={history.isFetching}
                onClick={() => setPages({ talentId, count: pageCount + 1 })}
              >
                {t('followUp.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </Drawer>
  );
}
