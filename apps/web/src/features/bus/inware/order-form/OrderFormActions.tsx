import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormFooter } from '../../../../components/FormFooter';
import { usePermission } from '../../../../lib/permission';
import { PrintButtons } from '../../print';
import { canDo } from '../../shared/order-actions';
import { ORDER_INFO_PATH, recalculate, refetchPrices, setStatus } from '../api';
import type { TOrderForm } from './useOrderForm';

export type TPrintActions = (order: { id: number; transportId: string }) => ReactNode;

/**
 * The order form's footer: on orderAdd save as staged / confirmed, import, reset and the last saved order (with
 * its labels); on orderEdit save, confirm, fetch price, recalculate and print, each by permission.
 */
export function OrderFormActions({
  mode,
  state,
  onReset,
  printActions,
}: {
  mode: 'add' | 'edit';
  state: TOrderForm;
  onReset: () => Promise<void>;
  printActions?: TPrintActions;
}) {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const { order, saving, lastSaved, locked: disabled, audited, saveNew, saveEdit, orderAction } = state;
  return (
    <FormFooter data-testid="order-form-footer">
      {mode === 'add' ? (
        <>
          {hasPermi('bus:orderAdd:add') ? (
            <Button icon={<SaveOutlined />} loading={saving} onClick={() => void saveNew(0)} data-testid="order-save">
              {t('bus_btn_save_staged')}
            </Button>
          ) : null}
          {hasPermi('bus:orderAdd:sure') ? (
            <Button type="primary" loading={saving} onClick={() => void saveNew(1)} data-testid="order-save-confirm">
              {t('bus_btn_save_confirm')}
            </Button>
          ) : null}
          {hasPermi(['bus:orderAdd:import', 'bus:unOrder:import']) ? (
            <Button onClick={() => state.setImportOpen(true)}>{t('import')}</Button>
          ) : null}
          <Button icon={<ReloadOutlined />} onClick={onReset}>
            {t('bus_btn_reset_new')}
          </Button>
          {lastSaved ? (
            <Space>
              <Typography.Text type="success" data-testid="order-last-saved">
                {t('bus_msg_saved_no', { no: lastSaved.transportId })}
              </Typography.Text>
              <Link to={`${ORDER_INFO_PATH}?id=${lastSaved.id}`}>{t('details')}</Link>
              {printActions ? (
                printActions(lastSaved)
              ) : (
                <PrintButtons
                  ids={[lastSaved.id]}
                  kinds={['label']}
                  perms={{ label: 'bus:orderAdd:print' }}
                  size="small"
                />
              )}
            </Space>
          ) : null}
        </>
      ) : order ? (
        <>
          {!disabled &&
          hasPermi(['bus:unOrder:edit', 'bus:order:edit', 'bus:noMarkOrder:edit', 'bus:arrivedAddOrder:edit']) ? (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void saveEdit()}
              data-testid="order-save"
            >
              {t('save')}
            </Button>
          ) : null}
          {canDo(order, 'confirm') && hasPermi(['bus:unOrder:sure', 'bus:orderAdd:sure']) ? (
            <Button
              onClick={() =>
                void orderAction(
                  () => setStatus([order.id], { status: 1, versions: [order.version] }),
                  'bus_confirm_orders',
                )
              }
            >
              {t('bus_btn_confirm')}
            </Button>
          ) : null}
          {isFeeRole && !audited && hasPermi(['bus:unOrder:price', 'bus:order:price', 'bus:orderAdd:price']) ? (
            <>
              <Button onClick={() => void orderAction(() => refetchPrices([order.id]), 'confirm_fetch_price')}>
                {t('btn_fetch_price')}
              </Button>
              <Button onClick={() => void orderAction(() => recalculate([order.id]), 'confirm_recalculate')}>
                {t('btn_recalculate')}
              </Button>
            </>
          ) : null}
          {printActions ? (
            printActions(order)
          ) : (
            <PrintButtons ids={[order.id]} kinds={['label']} printTimes={order.printTimes} size="middle" />
          )}
        </>
      ) : null}
    </FormFooter>
  );
}
