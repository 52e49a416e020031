import { Typography } from '@arco-design/web-react';
import type { BlacklistEntry } from '@inviteflow/contract';
import { CrudTableCard, MultilineCell } from '@/components/crud/crud-table-card.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { useDeleteBlacklistEntry } from '../api/delete-blacklist-entry.ts';
import { useBlacklist } from '../api/get-blacklist.ts';
import { useTalentsT } from '../locale/index.ts';
import { BlacklistFormModal } from './blacklist-form-modal.tsx';

/**
 * The blacklist (spec 'Blacklist'): search by talent name, add, and remove per row.
 * Removing a talent that is in the library restores its previous status.
 */
export function TalentBlacklistPage() {
  const { t, locale } = useTalentsT();
  const remove = useDeleteBlacklistEntry();
  return (
    <CrudTableCard<BlacklistEntry>
      list="blacklist"
      title={t('menu.talent.blacklist')}
      intro={t('blacklist.intro')}
      searchLabel={t('blacklist.searchLabel')}
      searchPlaceholder={t('blacklist.searchPlaceholder')}
      emptyText={t('blacklist.empty')}
      createText={t('blacklist.add')}
      editable={false}
      removeText={t('blacklist.remove')}
      removedMessage={tCatalogue('success.unblacklisted')}
      deleteConfirm={t('blacklist.removeConfirm')}
      useRows={useBlacklist}
      remove={remove}
      columns={[
        {
          title: t('blacklist.column.talentName'),
          dataIndex: 'talentName',
          width: 200,
          render: (value: string) => <Typography.Text>{value}</Typography.Text>,
        },
        {
          title: t('blacklist.column.talentId'),
          dataIndex: 'platformTalentId',
          width: 200,
          render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
        },
        {
          title: t('blacklist.column.fans'),
          dataIndex: 'fansCount',
          width: 140,
          align: 'right',
          render: (value: number) => formatCount(value, locale),
        },
        {
          title: t('blacklist.column.reason'),
          dataIndex: 'reason',
          render: (value: string) => <MultilineCell text={value} />,
        },
        {
          title: t('blacklist.column.createdAt'),
          dataIndex: 'createdAt',
          width: 190,
          render: (value: string) => formatDateTime(value, locale),
        },
      ]}
      renderForm={(state) => <BlacklistFormModal {...state} />}
    />
  );
}
