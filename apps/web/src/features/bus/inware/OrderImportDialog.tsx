import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../../components/ImportDialog';

/**
 * Order import (orderAdd, unOrder 'Import'): the template, one .xlsx of up to 5,000 rows, all or nothing. The
 * server's message is shown above the per-row errors (by row and column, in the user's language).
 */
export function OrderImportDialog(props: { open: boolean; onClose: () => void; onImported: () => unknown }) {
  const { t } = useTranslation();
  return (
    <ImportDialog
      {...props}
      title={t('bus_import_orders')}
      width={680}
      url="/bus/inware/import"
      accept=".xlsx"
      testId="order-import"
      template={{
        url: '/bus/inware/importTemplate',
        fileName: t('bus_order_import_template'),
        label: 'bus_download_template',
      }}
      keyPrefix="bus_import"
      columnWidth={150}
      refusal={{ kind: 'message' }}
    />
  );
}
