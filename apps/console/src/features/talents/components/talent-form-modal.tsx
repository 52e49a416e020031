import {
  AutoComplete,
  DatePicker,
  Divider,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
} from '@arco-design/web-react';
import {
  CONTACT_INFO_MAX,
  COUNT_MAX,
  SHOP_NAME_MAX,
  TALENT_NAME_MAX,
  TALENT_REMARK_MAX,
  contactMethods,
  industries,
  platforms,
  settableTalentStatuses,
  TIKTOK_HANDLE_MAX,
  talentBody,
  type ContactMethod,
  type Industry,
  type Platform,
  type Talent,
  type TalentBody,
  type TalentStatus,
} from '@inviteflow/contract';
import { z } from 'zod';
import type { FormModalState } from '@/components/crud/crud-table-card.tsx';
import { EntityFormModal } from '@/components/crud/entity-form-modal.tsx';
import { enumOptions } from '@/components/enum-options.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { fenToYuan, yuanToFen } from '@/lib/format-number.ts';
import { zodRefinementRules } from '@/lib/form-refinement-rules.ts';
import { zodRules, type Values } from '@/lib/form-rules.ts';
import { typedTimeToIso } from '@/lib/time-zone.ts';
import { useCreateTalent } from '../api/create-talent.ts';
import { useTalentFacets } from '../api/get-talent-facets.ts';
import { useUpdateTalent } from '../api/update-talent.ts';
import { useTalentsT } from '../locale/index.ts';
import { enumText } from '../model/labels.ts';
import { LabelSelect } from './label-select.tsx';
import { businessAmountText } from './platform-figures.tsx';

const { Row, Col } = Grid;

type SettableStatus = (typeof settableTalentStatuses)[number];

/** The add-talent form: money in yuan (the API takes fen), the added time as local text. */
export interface TalentForm {
  platform: Platform | undefined;
  /** Douyin: the talent ID; TikTok: the handle (username), typed with or without @. */
  platformTalentId: string;
  /** TikTok only: the creator's open id, when known. */
  creatorUserOpenId: string;
  /** Douyin only: 百应ID and the 百应 profile page's uid. */
  buyinId: string;
  buyinUid: string;
  name: string;
  shopName: string;
  industry: Industry | undefined;
  labels: string[];
  status: TalentStatus;
  contactMethod: ContactMethod | undefined;
  contactInfo: string;
  fansCount: number | undefined;
  videoAvgViews: number | undefined;
  videoGpm: number | undefined;
  liveAvgViews: number | undefined;
  liveGpm: number | undefined;
  businessAmount: number | undefined;
  dealCount: number | undefined;
  remark: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the account's time zone, as the picker gives it. */
  addedAt: string | undefined;
}

/** Yuan as typed: 0 or more, at most two decimals; then the contract's own fen rule. */
const yuanField = z
  .number({ error: 'validation.moneyInvalid' })
  .min(0, { error: 'validation.moneyInvalid' })
  .refine((yuan) => Math.abs(yuan * 100 - Math.round(yuan * 100)) < 1e-6, {
    error: 'validation.moneyInvalid',
  });

const yuanToBody = (value: unknown) =>
  typeof value === 'number' ? yuanToFen(value) : value === undefined || value === null ? 0 : value;

/** The picker's text is a time in the account's zone, as the form showed it (formatDateTime). */
const localTimeToIso = (value: string | undefined) => typedTimeToIso(value);

/**
 * The request body of the form. A blacklisted talent keeps its status: only the blacklist
 * changes it, and an edit sends the status it will return to (the contract's rule).
 */
export function toTalentBody(values: TalentForm, editing: Talent | null): TalentBody {
  const status =
    editing?.status === 'blacklisted'
      ? ((editing.statusBeforeBlacklist ?? 'pending_contact') as SettableStatus)
      : (values.status as SettableStatus);
  const tiktok = values.platform === 'tiktok';
  const identityField = (value: string | undefined, forPlatform: boolean) =>
    forPlatform ? value?.trim() || null : null;
  return {
    platform: values.platform as Platform,
    platformTalentId: values.platformTalentId?.trim() ?? '',
    // Only the talent's platform's own identity fields are sent.
    creatorUserOpenId: identityField(values.creatorUserOpenId, tiktok),
    buyinId: identityField(values.buyinId, !tiktok),
    buyinUid: identityField(values.buyinUid, !tiktok),
    name: values.name ?? '',
    shopName: values.shopName ?? '',
    industry: values.industry ?? null,
    labels: values.labels ?? [],
    status,
    contactMethod: values.contactMethod ?? null,
    contactInfo: values.contactInfo ?? '',
    fansCount: values.fansCount ?? 0,
    videoAvgViews: values.videoAvgViews ?? 0,
    videoGpmFen: yuanToFen(values.videoGpm ?? 0),
    liveAvgViews: values.liveAvgViews ?? 0,
    liveGpmFen: yuanToFen(values.liveGpm ?? 0),
    businessAmountFen: yuanToFen(values.businessAmount ?? 0),
    dealCount: values.dealCount ?? 0,
    remark: values.remark ?? '',
    addedAt: localTimeToIso(values.addedAt),
  };
}

function initialValues(row: Talent | null, locale: 'zh-CN' | 'en-US'): TalentForm {
  const identity = row?.identity;
  return {
    platform: row?.platform,
    platformTalentId: row?.platformTalentId ?? '',
    creatorUserOpenId: identity?.platform === 'tiktok' ? (identity.creatorUserOpenId ?? '') : '',
    buyinId: identity?.platform === 'douyin' ? (identity.buyinId ?? '') : '',
    buyinUid: identity?.platform === 'douyin' ? (identity.uid ?? '') : '',
    name: row?.name ?? '',
    shopName: row?.shopName ?? '',
    industry: row?.industry ?? undefined,
    labels: row?.labels ?? [],
    status: row?.status ?? 'pending_contact',
    contactMethod: row?.contactMethod ?? undefined,
    contactInfo: row?.contactInfo ?? '',
    fansCount: row?.fansCount,
    videoAvgViews: row?.videoAvgViews,
    videoGpm: row ? fenToYuan(row.videoGpmFen) : undefined,
    liveAvgViews: row?.liveAvgViews,
    liveGpm: row ? fenToYuan(row.liveGpmFen) : undefined,
    businessAmount: row ? fenToYuan(row.businessAmountFen) : undefined,
    dealCount: row?.dealCount,
    remark: row?.remark ?? '',
    addedAt: row ? formatDateTime(row.addedAt, locale) : undefined,
  };
}

/**
 * The numbers of the data section, in form order: counts, and money typed in yuan and
 * checked by the body's fen field too.
 */
const dataFields = [
  { field: 'fansCount', label: 'column.fans' },
  { field: 'videoAvgViews', label: 'column.videoAvgViews' },
  { field: 'videoGpm', label: 'column.videoGpm', fen: 'videoGpmFen' },
  { field: 'liveAvgViews', label: 'column.liveAvgViews' },
  { field: 'liveGpm', label: 'column.liveGpm', fen: 'liveGpmFen' },
  // Typed in yuan; the platform's figure of a synced talent is shown in its own currency.
  { field: 'businessAmount', label: 'form.businessAmountYuan', fen: 'businessAmountFen' },
  { field: 'dealCount', label: 'column.dealCount' },
] as const satisfies ReadonlyArray<
  | { field: 'fansCount' | 'videoAvgViews' | 'liveAvgViews' | 'dealCount'; label: string }
  | {
      field: 'videoGpm' | 'liveGpm' | 'businessAmount';
      label: string;
      fen: 'videoGpmFen' | 'liveGpmFen' | 'businessAmountFen';
    }
>;

/** A complete, valid body: the contact and talent ID rules are checked on it with the form's fields. */
const contactSample: TalentBody = {
  platform: 'douyin',
  platformTalentId: 'sample',
  name: 'sample',
  fansCount: 0,
  videoAvgViews: 0,
  videoGpmFen: 0,
  liveAvgViews: 0,
  liveGpmFen: 0,
  businessAmountFen: 0,
  dealCount: 0,
};

/**
 * Adds a talent, or edits `editing`: every field of the Talent entity, checked by the
 * contract's own rules in the console language. A talent ID already in the library is the
 * server's 409, which names the existing talent; the modal stays open.
 */
export function TalentFormModal(props: FormModalState<Talent>) {
  const { t, locale } = useTalentsT();
  const [form] = Form.useForm<TalentForm>();
  const facets = useTalentFacets().data;
  const shape = talentBody.shape;
  const blacklisted = props.editing?.status === 'blacklisted';
  const synced = Boolean(props.editing?.figuresSyncedAt);

  // The talent ID by the platform's rules (a TikTok ID is a username): checked with the form's platform.
  const talentIdRules = [
    ...zodRules(shape.platformTalentId, locale),
    ...zodRefinementRules(talentBody, 'platformTalentId', locale, {
      sample: contactSample,
      related: ['platform'],
      getValues: () => form.getFieldsValue() as Values,
      // Before a platform is chosen, the rule any platform's ID follows (the sample's).
      toBody: (name, value) => (name === 'platform' ? (value ?? contactSample.platform) : value),
    }),
  ];
  const identityRules = (field: 'creatorUserOpenId' | 'buyinId' | 'buyinUid') =>
    zodRules(shape[field], locale, (value) => value ?? null);
  const platform = Form.useWatch('platform', form) as Platform | undefined;
  const tiktok = platform === 'tiktok';
  const contactRules = (field: 'contactMethod' | 'contactInfo') => [
    ...zodRules(shape[field], locale, (value) => value ?? (field === 'contactInfo' ? '' : null)),
    ...zodRefinementRules(talentBody, field, locale, {
      sample: contactSample,
      related: ['contactMethod', 'contactInfo'],
      getValues: () => form.getFieldsValue() as Values,
      toBody: (name, value) => value ?? (name === 'contactInfo' ? '' : null),
    }),
  ];
  const countRules = (field: 'fansCount' | 'videoAvgViews' | 'liveAvgViews' | 'dealCount') =>
    zodRules(shape[field], locale, (value) => value ?? 0);
  const moneyRules = (field: 'videoGpmFen' | 'liveGpmFen' | 'businessAmountFen') => [
    ...zodRules(yuanField, locale, (value) => value ?? 0),
    ...zodRules(shape[field], locale, yuanToBody),
  ];

  const countInput = (
    <InputNumber min={0} max={COUNT_MAX} precision={0} placeholder="0" style={{ width: '100%' }} />
  );
  const moneyInput = (
    <InputNumber
      min={0}
      max={COUNT_MAX / 100}
      precision={2}
      step={1}
      placeholder="0.00"
      prefix="¥"
      style={{ width: '100%' }}
    />
  );

  return (
    <EntityFormModal<Talent, TalentForm, TalentBody>
      {...props}
      form={form}
      width={860}
      createTitle={t('form.addTitle')}
      editTitle={t('form.editTitle')}
      initialValues={(row) => initialValues(row, locale)}
      toBody={(values) => toTalentBody(values, props.editing)}
      create={useCreateTalent()}
      update={useUpdateTalent()}
    >
      <Divider orientation="left" className="talent-form-section">
        {t('form.sectionBasic')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            field="platform"
            label={t('column.platform')}
            required
            rules={zodRules(shape.platform, locale, (value) => value)}
          >
            <Select
              placeholder={t('form.choose')}
              onChange={() => void form.validate(['platformTalentId']).catch(() => undefined)}
            >
              {enumOptions(platforms, (value) => enumText.platform(locale, value))}
            </Select>
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            field="platformTalentId"
            label={tiktok ? t('form.tiktokHandle') : t('column.talentId')}
            required
            rules={talentIdRules}
          >
            {tiktok ? (
              <Input
                addBefore="@"
                placeholder={t('form.tiktokHandlePlaceholder')}
                maxLength={TIKTOK_HANDLE_MAX + 1}
              />
            ) : (
              <Input placeholder={t('form.platformTalentIdPlaceholder')} maxLength={64} />
            )}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            field="name"
            label={t('column.name')}
            required
            rules={zodRules(shape.name, locale)}
          >
            <Input placeholder={t('form.namePlaceholder')} maxLength={TALENT_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            field="shopName"
            label={t('column.shop')}
            rules={zodRules(shape.shopName, locale)}
          >
            <AutoComplete
              placeholder={t('form.shopPlaceholder')}
              data={facets?.shopNames ?? []}
              inputProps={{ maxLength: SHOP_NAME_MAX }}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            field="industry"
            label={t('column.industry')}
            rules={zodRules(shape.industry, locale, (value) => value ?? null)}
          >
            <Select placeholder={t('form.optional')} allowClear>
              {enumOptions(industries, (value) => enumText.industry(locale, value))}
            </Select>
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            field="status"
            label={t('column.status')}
            extra={blacklisted ? t('form.statusBlacklisted') : undefined}
            rules={blacklisted ? [] : zodRules(shape.status, locale, (value) => value ?? undefined)}
          >
            <Select disabled={blacklisted}>
              {enumOptions(
                blacklisted ? (['blacklisted'] as const) : settableTalentStatuses,
                (value) => enumText.status(locale, value),
              )}
            </Select>
          </Form.Item>
        </Col>
        {tiktok ? (
          <Col xs={24} md={16}>
            <Form.Item
              field="creatorUserOpenId"
              label={t('form.openId')}
              extra={t('form.openIdExtra')}
              rules={identityRules('creatorUserOpenId')}
            >
              <Input placeholder={t('form.optional')} maxLength={128} />
            </Form.Item>
          </Col>
        ) : platform === 'douyin' ? (
          <>
            <Col xs={24} md={8}>
              <Form.Item field="buyinId" label={t('form.buyinId')} rules={identityRules('buyinId')}>
                <Input placeholder={t('form.optional')} maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                field="buyinUid"
                label={t('form.buyinUid')}
                rules={identityRules('buyinUid')}
              >
                <Input placeholder={t('form.optional')} maxLength={128} />
              </Form.Item>
            </Col>
          </>
        ) : null}
        <Col span={24}>
          <Form.Item
            field="labels"
            label={t('column.labels')}
            extra={t('form.labelsExtra')}
            rules={zodRules(shape.labels, locale, (value) => value ?? [])}
          >
            <LabelSelect
              ownLabels={facets?.labels ?? []}
              placeholder={t('form.labelsPlaceholder')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left" className="talent-form-section">
        {t('form.sectionContact')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            field="contactMethod"
            label={t('filter.contactMethod')}
            rules={contactRules('contactMethod')}
          >
            <Select
              placeholder={t('form.optional')}
              allowClear
              onChange={() => void form.validate(['contactInfo']).catch(() => undefined)}
            >
              {enumOptions(contactMethods, (value) => enumText.contactMethod(locale, value))}
            </Select>
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            field="contactInfo"
            label={t('column.contactInfo')}
            rules={contactRules('contactInfo')}
          >
            <Input placeholder={t('form.contactInfoPlaceholder')} maxLength={CONTACT_INFO_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Divider orientation="left" className="talent-form-section">
        {t('form.sectionData')}
      </Divider>
      <Row gutter={16}>
        {dataFields.map((item) => {
          // The platform's figures of a synced talent (issue 19): shown, not edited; the
          // server keeps them whatever an edit sends.
          const fromPlatform =
            synced && (item.field === 'businessAmount' || item.field === 'dealCount');
          if (fromPlatform && item.field === 'businessAmount') {
            return (
              <Col xs={12} md={6} key={item.field}>
                <Form.Item
                  label={t('column.businessAmount')}
                  extra={t('figures.fromPlatformExtra')}
                >
                  <Input disabled value={businessAmountText(props.editing!, locale)} />
                </Form.Item>
              </Col>
            );
          }
          return (
            <Col xs={12} md={6} key={item.field}>
              <Form.Item
                field={item.field}
                label={t(item.label)}
                rules={
                  fromPlatform ? [] : 'fen' in item ? moneyRules(item.fen) : countRules(item.field)
                }
                disabled={fromPlatform}
                extra={fromPlatform ? t('figures.fromPlatformExtra') : undefined}
              >
                {'fen' in item ? moneyInput : countInput}
              </Form.Item>
            </Col>
          );
        })}
        <Col xs={12} md={6}>
          <Form.Item field="addedAt" label={t('column.addedAt')}>
            <DatePicker
              showTime
              style={{ width: '100%' }}
              placeholder={t('form.addedAtPlaceholder')}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            field="remark"
            label={t('column.remark')}
            rules={zodRules(shape.remark, locale)}
          >
            <Input.TextArea
              placeholder={t('form.remarkPlaceholder')}
              maxLength={TALENT_REMARK_MAX}
              showWordLimit
              autoSize={{ minRows: 2, maxRows: 5 }}
            />
          </Form.Item>
        </Col>
      </Row>
    </EntityFormModal>
  );
}
