import { apiPaths } from '@inviteflow/contract';
import { FileExportButton } from '@/components/file-export-button.tsx';
import { displayTimeZone } from '@/lib/time-zone.ts';
import { useStartExport } from '../api/start-export.ts';
import { useTalentsT } from '../locale/index.ts';
import type { AppliedFilters } from '../model/filters.ts';
import type { TalentSort } from './talent-columns.tsx';

/**
 * Export talent: the rows of the current filters in the current order, as XLSX or CSV, with
 * times in the account's time zone and headers in the console language.
 */
export function TalentExport({ filters, sort }: { filters: AppliedFilters; sort: TalentSort }) {
  const { t } = useTalentsT();
  const start = useStartExport();
  return (
    <FileExportButton
      label={t('action.export')}
      title={t('export.title')}
      pending={start.isPending}
      progressPath={apiPaths.talents.exportProgress}
      start={(format) =>
        start.mutateAsync({
          format,
          timeZone: displayTimeZone(),
          sort: sort.field,
          order: sort.order,
          ...filters,
        })
      }
    />
  );
}
