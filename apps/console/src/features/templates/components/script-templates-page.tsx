import type { ScriptTemplate } from '@inviteflow/contract';
import { CrudTableCard, MultilineCell } from '@/components/crud/crud-table-card.tsx';
import { useDeleteScript } from '../api/delete-script.ts';
import { useScripts } from '../api/get-scripts.ts';
import { useTemplatesT } from '../locale/index.ts';
import { ScriptFormModal } from './script-form-modal.tsx';
import { useRemarkAndCreatedColumns } from './template-parts.tsx';

export function ScriptTemplatesPage() {
  const { t } = useTemplatesT();
  const remarkAndCreated = useRemarkAndCreatedColumns<ScriptTemplate>();
  const remove = useDeleteScript();
  return (
    <CrudTableCard<ScriptTemplate>
      list="scriptTemplates"
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
        ...remarkAndCreated,
      ]}
      renderForm={(state) => <ScriptFormModal {...state} />}
    />
  );
}
