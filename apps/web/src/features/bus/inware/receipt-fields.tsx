import { zVolume, zWeight } from '@theone/contracts/common/money';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/form-rules';
import { useRequiredRule } from '../../../components/GridField';
import { DecimalInput, IntegerInput } from '../../../components/NumberInput';
import type { TInit } from './api';
import { zLinePieces } from './order-form/form-values';

/**
 * The fields of a receipt that the order form, the Receive dialog (inOrder) and the no-mark registration share:
 * the warehouses goods are received into and the measured totals.
 */

/** The origin warehouses (type '1') of the init data, as select options. */
export const originWarehouseOptions = (init: TInit | undefined) =>
  (init?.warehouses ?? []).filter((w) => w.whType === '1').map((w) => ({ value: w.id, label: w.name }));

/**
 * The received pieces (at least one), weight (kg) and volume (m³, optional) under the contracts' rules; the boxes'
 * test ids are `<testIdPrefix>-piece`, `-weight`, `-volume`; `sized` gives the boxes fixed widths (a row of fields).
 */
export function ReceiptFigureItems({ testIdPrefix, sized = false }: { testIdPrefix: string; sized?: boolean }) {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const width = (w: number) => (sized ? { width: w } : undefined);
  return (
    <>
      <Form.Item
        name="arrivedPiece"
        label={t('field_arrived_piece')}
        rules={[required('field_arrived_piece'), zodRule(zLinePieces, t)]}
      >
        <IntegerInput style={width(100)} data-testid={`${testIdPrefix}-piece`} />
      </Form.Item>
      <Form.Item
        name="arrivedWeight"
        label={t('field_arrived_weight')}
        rules={[required('field_arrived_weight'), zodRule(zWeight, t)]}
      >
        <DecimalInput style={width(120)} suffix="kg" data-testid={`${testIdPrefix}-weight`} />
      </Form.Item>
      <Form.Item
        name="arrivedVolume"
        label={t('field_arrived_volume')}
        rules={[zodRule(zVolume, t, { optional: true })]}
      >
        <DecimalInput style={width(120)} suffix="m³" data-testid={`${testIdPrefix}-volume`} />
      </Form.Item>
    </>
  );
}
