import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/ImportDialog';

/**
 * User import (screens §4.1): drag an .xls/.xlsx file, 'update existing users', template download. The
 * server saves nothing unless every row is valid; the rows and columns it refused are listed here.
 */
export function UserImportDialog(props: { open: boolean; onClose: () => void; onImported: () => unknown }) {
  const { t } = useTranslation();
  return (
    <ImportDialog
      {...props}
      title={t('system_import_users')}
      width={620}
      url="/system/user/importData"
      accept=".xls,.xlsx"
      testId="user-import"
      template={{
        url: '/system/user/importTemplate',
        fileName: t('system_user_import_template'),
        label: 'download_template',
      }}
      keyPrefix="system_import"
      columnWidth={130}
      updateExisting="system_import_update_existing"
      refusal={{ kind: 'rows', summary: (count) => t('system_import_failed', { count }) }}
    />
  );
}
