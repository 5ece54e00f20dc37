import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { zDimension, zPieces } from '@theone/contracts/bus/inware.schemas';
import { lineSize, lineVolume, orderCargoTotals } from '@theone/contracts/bus/order-cargo';
import { zVolume, zWeight } from '@theone/contracts/common/money';
import { Button, Form, type FormInstance, type FormRule, Space, Table, Tooltip } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { DecimalInput, IntegerInput } from '../../../../components/NumberInput';
import type { TOrder } from '../api';
import { given, str, type TCargoLine, type TOrderFormValues, weighs, zLinePieces } from './form-values';

/**
 * The order form's cargo lines (screens bus-container.md §3): the lines grid and its totals row. The totals are
 * contracts' lineVolume / orderCargoTotals as you type, copied into the order's piece, weight and volume
 * (the volume unless typed by hand).
 */

/** The cargo totals of the form's lines, kept in the order's piece / weight / volume fields. */
export function useCargoTotals(
  form: FormInstance<TOrderFormValues>,
  values: TOrderFormValues | undefined,
  lines: TCargoLine[] | undefined,
) {
  const lineRows = lines ?? [];
  const totals = useMemo(() => {
    try {
      return orderCargoTotals({
        lines: lineRows.filter((l) => l?.piece).map((l) => ({ ...l, piece: l.piece ?? 0 })),
        cargoPiece: values?.cargoPiece ?? 0,
        cargoWeight: str(values?.cargoWeight),
        cargoVolume: str(values?.cargoVolume),
        volumeManual: values?.volumeManual,
      });
    } catch {
      return null;
    }
  }, [lineRows, values?.cargoPiece, values?.cargoWeight, values?.cargoVolume, values?.volumeManual]);
  const hasLines = lineRows.some((l) => l?.piece);
  const linesWeigh = lineRows.some((l) => weighs(l?.weight));
  useEffect(() => {
    if (!totals || !hasLines) return;
    const current = form.getFieldsValue(['cargoPiece', 'cargoWeight', 'cargoVolume']);
    const next: Partial<TOrderFormValues> = {};
    if (current.cargoPiece !== totals.cargoPiece) next.cargoPiece = totals.cargoPiece;
    if (lineRows.some((l) => weighs(l?.weight)) && current.cargoWeight !== totals.cargoWeight)
      next.cargoWeight = totals.cargoWeight;
    if (!values?.volumeManual && current.cargoVolume !== totals.cargoVolume) next.cargoVolume = totals.cargoVolume;
    if (Object.keys(next).length) form.setFieldsValue(next);
  }, [totals, hasLines, lineRows, values?.volumeManual, form]);
  return { lineRows, totals, hasLines, linesWeigh };
}

export type TCargoTotals = ReturnType<typeof useCargoTotals>;

/** A line's computed volume (from its dimensions) or its volume box. */
function VolumeCell({ line, name, rule }: { line: TCargoLine | undefined; name: number; rule: FormRule }) {
  const dims = line && given(line.cargoLength) && given(line.cargoWidth) && given(line.cargoHight);
  if (dims) {
    let v = '';
    try {
      v = lineVolume({ ...line, piece: line.piece ?? 0 });
    } catch {
      v = '';
    }
    return <span data-testid={`line-${name}-volume`}>{v}</span>;
  }
  return (
    <Form.Item name={[name, 'volume']} style={{ marginBottom: 0 }} rules={[rule]}>
      <DecimalInput data-testid={`line-${name}-volume-input`} />
    </Form.Item>
  );
}

/** A cargo line's dimensions and their labels. */
export const CARGO_DIMENSIONS = [
  ['cargoLength', 'field_cargo_length'],
  ['cargoWidth', 'field_cargo_width'],
  ['cargoHight', 'field_cargo_hight'],
] as const;

/** The lines grid's column of a number field `key`: its box (test id `line-<n>-<key>`) under `rules`. */
function lineNumberColumn(
  title: string,
  width: number,
  key: keyof TCargoLine & string,
  Box: typeof IntegerInput | typeof DecimalInput,
  rules: FormRule[],
) {
  return {
    title,
    width,
    render: (_v: unknown, f: { name: number }) => (
      <Form.Item name={[f.name, key]} style={{ marginBottom: 0 }} rules={rules}>
        <Box data-testid={`line-${f.name}-${key}`} />
      </Form.Item>
    ),
  };
}

export function CargoLinesTable({
  form,
  cargo: { lineRows, totals },
  order,
  disabled,
  numberRule,
  onRemove,
}: {
  form: FormInstance<TOrderFormValues>;
  cargo: TCargoTotals;
  order: TOrder | undefined;
  disabled: boolean;
  /** the contracts' rule of a number field (its error under the box) */
  numberRule: (schema: ZodType) => FormRule;
  onRemove: (index: number, remove: (i: number) => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.List name="cargoLines">
        {(fields, { add, remove }) => (
          <div className="bus-cargo-table" data-testid="cargo-lines">
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              locale={{ emptyText: t('bus_no_cargo_lines') }}
              columns={[
                { title: '#', width: 40, render: (_v, _f, i) => i + 1 },
                lineNumberColumn(t('field_piece'), 90, 'piece', IntegerInput, [
                  { required: true, message: t('err_piece') },
                  numberRule(zLinePieces),
                ]),
                ...CARGO_DIMENSIONS.map(([k, label]) =>
                  lineNumberColumn(t(label), 100, k, DecimalInput, [numberRule(zDimension)]),
                ),
                lineNumberColumn(t('field_weight'), 110, 'weight', DecimalInput, [numberRule(zWeight)]),
                {
                  title: t('field_volume'),
                  width: 110,
                  render: (_v, f) => <VolumeCell line={lineRows[f.name]} name={f.name} rule={numberRule(zVolume)} />,
                },
                {
                  title: t('field_size'),
                  width: 110,
                  render: (_v, f) => {
                    const l = lineRows[f.name];
                    try {
                      return l ? lineSize({ ...l, piece: l.piece ?? 0 }) : '';
                    } catch {
                      return '';
                    }
                  },
                },
                lineNumberColumn(t('field_total_count'), 90, 'totalCount', IntegerInput, [numberRule(zPieces)]),
                {
                  title: '',
                  width: 80,
                  render: (_v, f) => (
                    <Space size={0}>
                      <Tooltip title={t('bus_copy_line')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<PlusOutlined />}
                          onClick={() => {
                            const { id: _id, ...copy } = (form.getFieldValue(['cargoLines', f.name]) ??
                              {}) as TCargoLine;
                            add(copy, f.name + 1);
                          }}
                        />
                      </Tooltip>
                      <Tooltip title={t('delete')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => void onRemove(f.name, remove)}
                          data-testid={`line-${f.name}-remove`}
                        />
                      </Tooltip>
                    </Space>
                  ),
                },
              ]}
            />
            <Space style={{ marginTop: 8 }}>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ piece: 1 })}
                disabled={disabled}
                data-testid="cargo-add-line"
              >
                {t('bus_add_line')}
              </Button>
            </Space>
          </div>
        )}
      </Form.List>
      <div className="bus-totals" style={{ marginTop: 8 }} data-testid="cargo-totals">
        <span>
          {t('field_cargo_piece')}: <b data-testid="total-piece">{totals?.cargoPiece ?? 0}</b>
        </span>
        <span>
          {t('field_cargo_weight')}: <b data-testid="total-weight">{totals?.cargoWeight ?? '0.00'}</b>
        </span>
        <span>
          {t('field_cargo_volume')}: <b data-testid="total-volume">{totals?.cargoVolume ?? '0.000'}</b>
        </span>
        {order && order.status >= 2 ? (
          <span>
            {t('field_arrived_weight')} / {t('field_arrived_volume')}:{' '}
            <b>
              {order.arrivedWeight} / {order.arrivedVolume}
            </b>
          </span>
        ) : null}
      </div>
    </>
  );
}
