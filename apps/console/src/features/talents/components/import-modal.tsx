import { Message } from '@arco-design/web-react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@inviteflow/contract';
import { FileImportModal } from '@/components/file-import-modal.tsx';
import { formatCount } from '@/lib/format-number.ts';
import { tCatalogue } from '@/locale/index.ts';
import { importTemplateUrl, useImportTalents } from '../api/import-talents.ts';
import { useTalentsT } from '../locale/index.ts';

/**
 * Import talents: download the template (XLSX or CSV, headers in the console language),
 * pick a filled-in file (type and size checked here first), upload it, then read the report.
 * The list refreshes after an import.
 */
export function ImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useTalentsT();
  const mutation = useImportTalents();

  const upload = async (file: File) => {
    const result = await mutation.mutateAsync(file);
    Message.success(
      tCatalogue('success.imported', {
        accepted: result.accepted,
        updated: result.updated,
        rejected: result.rejected,
      }),
    );
    return result;
  };

  return (
    <FileImportModal
      visible={visible}
      onClose={onClose}
      title={t('import.title')}
      width={720}
      templateStep={t('import.step1')}
      templateUrl={(format) => importTemplateUrl(format, locale)}
      rules={t('import.rules', {
        maxMb: IMPORT_MAX_BYTES / 1024 / 1024,
        maxRows: formatCount(IMPORT_MAX_ROWS, locale),
      })}
      uploadStep={t('import.step2')}
      pending={mutation.isPending}
      upload={upload}
    />
  );
}
