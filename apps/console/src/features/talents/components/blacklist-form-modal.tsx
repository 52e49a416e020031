import { Form, Input, InputNumber } from '@arco-design/web-react';
import {
  BLACKLIST_REASON_MAX,
  COUNT_MAX,
  TALENT_NAME_MAX,
  blacklistBody,
  type BlacklistBody,
  type BlacklistEntry,
} from '@inviteflow/contract';
import type { FormModalState } from '@/components/crud/crud-table-card.tsx';
import { EntityFormModal } from '@/components/crud/entity-form-modal.tsx';
import { zodRules } from '@/lib/form-rules.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useCreateBlacklistEntry } from '../api/create-blacklist-entry.ts';
import { useTalentsT } from '../locale/index.ts';

interface BlacklistForm {
  talentName: string;
  platformTalentId: string;
  fansCount: number | undefined;
  reason: string;
}

/** Add blacklist: talent name, talent ID, fans count and reason, all required (spec section 5). */
export function BlacklistFormModal(props: FormModalState<BlacklistEntry>) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<BlacklistForm>();
  const shape = blacklistBody.shape;
  return (
    <EntityFormModal<BlacklistEntry, BlacklistForm, BlacklistBody>
      {...props}
      form={form}
      createTitle={t('blacklist.addTitle')}
      editTitle={t('blacklist.addTitle')}
      createdMessage={tCatalogue('success.blacklisted')}
      initialValues={() => ({
        talentName: '',
        platformTalentId: '',
        fansCount: undefined,
        reason: '',
      })}
      toBody={(values) => ({
        talentName: values.talentName,
        platformTalentId: values.platformTalentId.trim(),
        fansCount: values.fansCount as number,
        reason: values.reason,
      })}
      create={useCreateBlacklistEntry()}
    >
      <Form.Item
        field="talentName"
        label={t('blacklist.column.talentName')}
        required
        rules={zodRules(shape.talentName, locale)}
      >
        <Input placeholder={t('blacklist.talentNamePlaceholder')} maxLength={TALENT_NAME_MAX} />
      </Form.Item>
      <Form.Item
        field="platformTalentId"
        label={t('blacklist.column.talentId')}
        required
        rules={zodRules(shape.platformTalentId, locale)}
      >
        <Input placeholder={t('blacklist.talentIdPlaceholder')} maxLength={64} />
      </Form.Item>
      <Form.Item
        field="fansCount"
        label={t('blacklist.column.fans')}
        required
        // An untouched number is missing, not zero: the contract's "cannot be empty".
        rules={zodRules(shape.fansCount, locale, (value) => value ?? undefined)}
      >
        <InputNumber
          min={0}
          max={COUNT_MAX}
          precision={0}
          placeholder={t('blacklist.fansPlaceholder')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        field="reason"
        label={t('blacklist.column.reason')}
        required
        rules={zodRules(shape.reason, locale)}
      >
        <Input.TextArea
          placeholder={t('blacklist.reasonPlaceholder')}
          maxLength={BLACKLIST_REASON_MAX}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
    </EntityFormModal>
  );
}
