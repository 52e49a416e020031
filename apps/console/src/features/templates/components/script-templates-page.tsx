import type { ScriptTemplate } from '@inviteflow/contract';
import { CrudTableCard, MultilineCell } from '@/components/crud/crud-table-card.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { useDeleteScript } from '../api/delete-script.ts';
import { useScripts } from '../api/get-scripts.ts';
import { useTemplatesT } from '../locale/index.ts';
import { ScriptFormModal } from './script-form-modal.tsx';

export function ScriptTemplatesPage() {
  const { t, locale } = useTemplatesT();
  const remove = useDeleteScript();
  return (
    <CrudTableCard<ScriptTemplate>
      title={t('menu.template.script')}
      intro={t('script.intro')}
      searchPlaceholder={t('search.scriptPlaceholder')}
      emptyText={t('empty.scripts')}
      deleteConfirm={t('delete.confirmScript')}
      useRows={useScripts}
      remove={remove}
      columns={[
        {
          title: t('column.content'),
          dataIndex: 'content',
          render: (content: string) => <MultilineCell text={content} />,
        },
        {
          title: t('column.remark'),
          dataIndex: 'remark',
          width: 220,
          render: (remark: string) => remark || '—',
        },
        {
          title: t('column.createdAt'),
          dataIndex: 'createdAt',
          width: 190,
          render: (value: string) => formatDateTime(value, locale),
        },
      ]}
      renderForm={(state) => <ScriptFormModal {...state} />}
    />
  );
}
