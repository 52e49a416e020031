import {
  Alert,
  Avatar,
  Button,
  Card,
  Form,
  Grid,
  InputNumber,
  Input,
  Message,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import {
  CREATOR_ADD_MAX,
  CREATOR_SEARCH_PAGE_SIZES,
  creatorAgeRanges,
  creatorGenders,
  creatorGmvRanges,
  creatorUnitsSoldRanges,
  type CreatorSearchQuery,
  type FoundCreator,
} from '@inviteflow/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '@/lib/format-number.ts';
import { formatMinute } from '@/lib/format-date.ts';
import { NEW_TASK_PATH, newTaskState } from '@/lib/new-task-preset.ts';
import { useAddFoundCreators } from '../api/add-found-creators.ts';
import { useCreatorSearch, useMarketplaceShops } from '../api/search-creators.ts';
import { useFindCreatorsT } from '../locale/find-creators.ts';
import './find-creators.css';

type Filters = Omit<CreatorSearchQuery, 'pageToken' | 'searchKey' | 'shopId'> & { shopId: number };

interface FormValues {
  shopId?: number;
  keyword?: string;
  followersMin?: number;
  followersMax?: number;
  gender?: (typeof creatorGenders)[number];
  genderShareMin?: number;
  ageRanges?: string[];
  gmvRanges?: string[];
  unitsSoldRanges?: string[];
  pageSize: 12 | 20;
}

/** The pages seen so far: the platform pages forward only, so the way back is kept here. */
interface Paging {
  filters: Filters;
  /** The token of each page seen; the first page has none. */
  tokens: Array<string | undefined>;
  searchKey?: string;
}

const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

function filtersOf(values: FormValues): Filters {
  const entries = Object.entries(values).filter(([, value]) => !blank(value));
  return Object.fromEntries(entries) as Filters;
}

/**
 * Find creators (issue 19): TikTok Shop's creator marketplace, searched through one of the
 * seller's shops connected by authorization, with the platform's documented filters; each
 * creator marked against the library, the blacklist and the cool-down; the chosen ones added to
 * the library, or added and handed to a new task.
 */
export function FindCreators() {
  const { t, locale } = useFindCreatorsT();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const shops = useMarketplaceShops();
  const [paging, setPaging] = useState<Paging | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<string, FoundCreator>>(new Map());
  const add = useAddFoundCreators();

  const page = paging ? paging.tokens.length : 0;
  const query: CreatorSearchQuery | null = paging
    ? {
        ...paging.filters,
        pageToken: paging.tokens.at(-1),
        searchKey: paging.tokens.at(-1) ? paging.searchKey : undefined,
      }
    : null;
  const search = useCreatorSearch(query);
  const found = search.data;

  const submit = async () => {
    const values = await form.validate();
    // The selection stays: a seller gathers creators over several searches.
    setPaging({ filters: filtersOf(values), tokens: [undefined] });
  };
  const next = () => {
    if (!paging || !found?.nextPageToken) return;
    setPaging({
      ...paging,
      tokens: [...paging.tokens, found.nextPageToken],
      searchKey: found.searchKey ?? paging.searchKey,
    });
  };
  const previous = () => {
    if (!paging || paging.tokens.length < 2) return;
    setPaging({ ...paging, tokens: paging.tokens.slice(0, -1) });
  };

  const select = (keys: (string | number)[], rows: FoundCreator[]) => {
    if (keys.length > CREATOR_ADD_MAX) {
      Message.warning(t('find.tooMany', { max: CREATOR_ADD_MAX }));
      return;
    }
    setSelected((previousSelection) => {
      const nextSelection = new Map<string, FoundCreator>();
      for (const key of keys) {
        const openId = String(key);
        const row =
          found?.creators.find((c) => c.openId === openId) ??
          rows.find((c) => c.openId === openId) ??
          previousSelection.get(openId);
        if (row) nextSelection.set(openId, row);
      }
      return nextSelection;
    });
  };

  const addSelected = async (invite: boolean) => {
    if (!paging || selected.size === 0) return;
    const shopId = paging.filters.shopId;
    try {
      const result = await add.mutateAsync({ shopId, openIds: [...selected.keys()] });
      if (result.unknown.length) {
        Message.warning(t('find.unknownResult', { count: result.unknown.length }));
      }
      Message.success(
        t('find.addedResult', { added: result.added.length, existing: result.existing.length }),
      );
      setSelected(new Map());
      if (!invite) return;
      const inLibrary = [...result.added, ...result.existing];
      const talents = inLibrary
        .filter((talent) => !selected.get(talent.openId)?.blacklisted)
        .map((talent) => ({
          id: talent.talentId,
          name: talent.name,
          platformTalentId: selected.get(talent.openId)?.handle ?? talent.name,
        }));
      if (!talents.length) {
        Message.warning(t('find.nothingToInvite'));
        return;
      }
      void navigate(NEW_TASK_PATH, { state: newTaskState({ shopId, talents }) });
    } catch {
      // Shown by the request layer.
    }
  };

  /** A figure the platform may not share: a dash then. */
  const countColumn = (
    title: string,
    dataIndex: 'followerCount' | 'avgVideoViews' | 'avgLiveViewers',
    width: number,
  ): ColumnProps<FoundCreator> => ({
    title,
    dataIndex,
    width,
    align: 'right',
    render: (v: number | null) => (v === null ? '-' : formatCount(v, locale)),
  });
  const columns: ColumnProps<FoundCreator>[] = [
    {
      title: t('find.col.creator'),
      dataIndex: 'handle',
      width: 260,
      fixed: 'left',
      render: (_value, c) => (
        <Space>
          <Avatar size={32}>
            {c.avatarUrl ? <img src={c.avatarUrl} alt="" /> : c.nickname.slice(0, 1)}
          </Avatar>
          <span className="find-creator-name">
            <Typography.Text bold>{c.nickname || c.handle}</Typography.Text>
            <Typography.Text type="secondary">@{c.handle}</Typography.Text>
          </span>
        </Space>
      ),
    },
    { title: t('find.col.region'), dataIndex: 'region', width: 80, render: (v) => v ?? '-' },
    countColumn(t('find.col.followers'), 'followerCount', 110),
    countColumn(t('find.col.videoViews'), 'avgVideoViews', 130),
    countColumn(t('find.col.liveViewers'), 'avgLiveViewers', 130),
    {
      title: t('find.col.gmv'),
      dataIndex: 'gmv',
      width: 140,
      align: 'right',
      render: (_v, c) =>
        c.gmv
          ? `${c.gmv.currency} ${Number(c.gmv.amount).toLocaleString(locale)}`
          : (c.gmvRange ?? t('find.notShared')),
    },
    {
      title: t('find.col.units'),
      dataIndex: 'unitsSoldRange',
      width: 110,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('find.col.audience'),
      dataIndex: 'majorGender',
      width: 200,
      render: (_v, c) => (
        <span className="find-creator-audience">
          {c.majorGender && (
            <span>
              {t('find.audienceGender', {
                gender: (creatorGenders as readonly string[]).includes(c.majorGender.gender)
                  ? t(`find.gender.${c.majorGender.gender as 'FEMALE' | 'MALE'}`)
                  : c.majorGender.gender,
                percent: c.majorGender.percent.toFixed(0),
              })}
            </span>
          )}
          <Typography.Text type="secondary">
            {c.topAgeRanges
              .filter((age) => (creatorAgeRanges as readonly string[]).includes(age))
              .map((age) => t(`range.${age as (typeof creatorAgeRanges)[number]}`))
              .join(' · ')}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('find.col.marks'),
      dataIndex: 'talentId',
      width: 200,
      render: (_v, c) => (
        <Space wrap size={4}>
          {c.talentId !== null && <Tag color="arcoblue">{t('find.mark.inLibrary')}</Tag>}
          {c.blacklisted && <Tag color="red">{t('find.mark.blacklisted')}</Tag>}
          {c.lastInvitedAt && (
            <Tag color="orange">
              {t('find.mark.invited', { date: formatMinute(c.lastInvitedAt, locale) })}
            </Tag>
          )}
        </Space>
      ),
    },
  ];

  const shopOptions = shops.data ?? [];
  const rangeOptions = (values: readonly string[]) =>
    values.map((value) => ({
      value,
      label: t(`range.${value}` as Parameters<typeof t>[0]),
    }));

  return (
    <Card className="find-creators">
      <Typography.Paragraph type="secondary">{t('find.intro')}</Typography.Paragraph>
      {shops.isSuccess && shopOptions.length === 0 && (
        <Alert className="find-creators-alert" type="info" content={t('find.noShops')} />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ pageSize: 20 }}
        className="find-creators-form"
        onSubmit={() => void submit()}
      >
        <Grid.Row gutter={16}>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item
              label={t('find.shop')}
              field="shopId"
              rules={[{ required: true, message: t('find.shopPlaceholder') }]}
            >
              <Select
                placeholder={t('find.shopPlaceholder')}
                loading={shops.isLoading}
                options={shopOptions.map((shop) => ({
                  value: shop.id,
                  label: `${shop.shopName}${shop.platformRegion ? ` · ${shop.platformRegion}` : ''}`,
                }))}
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.keyword')} field="keyword">
              <Input allowClear placeholder={t('find.keywordPlaceholder')} maxLength={64} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.followers')}>
              <Space>
                <Form.Item field="followersMin" noStyle>
                  <InputNumber min={0} precision={0} placeholder={t('find.min')} />
                </Form.Item>
                <span>-</span>
                <Form.Item field="followersMax" noStyle>
                  <InputNumber min={0} precision={0} placeholder={t('find.max')} />
                </Form.Item>
              </Space>
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.gender')}>
              <Space>
                <Form.Item field="gender" noStyle>
                  <Select
                    allowClear
                    style={{ width: 120 }}
                    placeholder={t('find.genderAny')}
                    options={creatorGenders.map((gender) => ({
                      value: gender,
                      label: t(`find.gender.${gender}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item field="genderShareMin" noStyle>
                  <InputNumber
                    min={0}
                    max={100}
                    precision={0}
                    style={{ width: 160 }}
                    placeholder={t('find.genderShare')}
                  />
                </Form.Item>
              </Space>
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.ages')} field="ageRanges">
              <Select
                mode="multiple"
                allowClear
                placeholder={t('find.any')}
                options={rangeOptions(creatorAgeRanges)}
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.gmv')} field="gmvRanges">
              <Select
                mode="multiple"
                allowClear
                placeholder={t('find.any')}
                options={rangeOptions(creatorGmvRanges)}
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.units')} field="unitsSoldRanges">
              <Select
                mode="multiple"
                allowClear
                placeholder={t('find.any')}
                options={rangeOptions(creatorUnitsSoldRanges)}
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12} lg={8}>
            <Form.Item label={t('find.pageSize')} field="pageSize">
              <Select
                options={CREATOR_SEARCH_PAGE_SIZES.map((size) => ({ value: size, label: size }))}
              />
            </Form.Item>
          </Grid.Col>
        </Grid.Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={search.isFetching}>
            {t('find.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setPaging(null);
              setSelected(new Map());
            }}
          >
            {t('find.reset')}
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary" className="find-creators-note">
        {t('find.notOffered')}
      </Typography.Paragraph>
      {search.error && (
        <div role="alert">
          <Alert className="find-creators-alert" type="error" content={search.error.message} />
        </div>
      )}

      <div className="find-creators-toolbar">
        <Space wrap>
          <Button
            type="primary"
            disabled={selected.size === 0}
            loading={add.isPending}
            onClick={() => void addSelected(false)}
          >
            {t('find.add')}
          </Button>
          <Button
            disabled={selected.size === 0}
            loading={add.isPending}
            onClick={() => void addSelected(true)}
          >
            {t('find.addAndInvite')}
          </Button>
          {selected.size > 0 && (
            <span role="status">
              <Typography.Text>
                {t('find.selected', { count: formatCount(selected.size, locale) })}
              </Typography.Text>
              <Button type="text" size="small" onClick={() => setSelected(new Map())}>
                {t('find.clear')}
              </Button>
            </span>
          )}
        </Space>
      </div>
      <Table<FoundCreator>
        rowKey="openId"
        className="find-creators-table"
        columns={columns}
        data={found?.creators ?? []}
        loading={search.isFetching}
        pagination={false}
        scroll={{ x: 1360 }}
        border={{ wrapper: true, cell: false }}
        rowSelection={{
          type: 'checkbox',
          fixed: true,
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          checkCrossPage: true,
          onChange: select,
        }}
        noDataElement={
          <Typography.Text type="secondary">
            {paging ? t('find.empty') : t('find.start')}
          </Typography.Text>
        }
      />
      {paging && (
        <Space className="find-creators-pager">
          <Button disabled={page < 2 || search.isFetching} onClick={previous}>
            {t('find.prev')}
          </Button>
          <Typography.Text>{t('find.page', { page })}</Typography.Text>
          <Button disabled={!found?.nextPageToken || search.isFetching} onClick={next}>
            {t('find.next')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
