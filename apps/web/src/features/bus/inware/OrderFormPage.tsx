import { zPieces } from '@theone/contracts/bus/inware.schemas';
import { checkExpressNos } from '@theone/contracts/bus/order-numbers';
import { zMoney, zVolume, zWeight } from '@theone/contracts/common/money';
import { isPhone } from '@theone/contracts/common/validators';
import { Alert, Card, Form, Input, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { useRequiredRule } from '../../../components/GridField';
import { DecimalInput, IntegerInput } from '../../../components/NumberInput';
import { usePermission } from '../../../lib/permission';
import { GeogSelect } from '../../bas/common/selects';
import { MarkInOrderSelect } from '../shared/MarkInOrderSelect';
import '../shared/bus.css';
import { OrderImportDialog } from './OrderImportDialog';
import { CargoLinesTable, useCargoTotals } from './order-form/CargoLines';
import { FeeSection } from './order-form/FeeSection';
import type { TOrderFormValues } from './order-form/form-values';
import { useLivePricing } from './order-form/live-pricing';
import { OrderFormActions, type TPrintActions } from './order-form/OrderFormActions';
import { Section } from './order-form/Section';
import { useOrderForm } from './order-form/useOrderForm';
import { TextItems } from './order-items';
import { originWarehouseOptions } from './receipt-fields';

/**
 * orderAdd and orderEdit (screens bus-container.md §3): one form. Cargo lines recompute the totals as you type
 * (contracts' lineVolume / orderCargoTotals, order-form/CargoLines), the price row comes from 'fetch price'
 * (server preview, refreshed when mark, route or cargo type change) and the fee role sees the freight and every
 * fee computed live with the same pricing functions the server runs on save (`chargeableFigures`,
 * `priceOrderFees`: order-form/live-pricing); the server's figures win. The state and the business actions are
 * order-form/useOrderForm.
 *
 * `printActions` is the print engineer's slot: the label buttons after a save (bus/print PrintButtons).
 */
export function OrderFormPage({ mode, printActions }: { mode: 'add' | 'edit'; printActions?: TPrintActions }) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const state = useOrderForm(mode);
  const { form, init, source, order, values, locked, audited, addresses, subMarkOf, warning } = state;
  const { arrivalOf, newNumber } = state;
  const pricing = useLivePricing({
    form,
    values,
    order,
    insurances: init.data?.insurances,
    isFeeRole,
    loaded: state.loaded,
  });
  const cargo = useCargoTotals(form, values, state.lines);
  const required = useRequiredRule();

  if (mode === 'edit' && (source.isLoading || !init.data)) return <Skeleton active />;
  if (mode === 'edit' && !order) return <Alert type="error" title={t('err_not_found')} />;

  const disabled = locked;
  const feeLocked = disabled || audited;
  const phoneRule = {
    validator: (_: unknown, v: string) =>
      !v || isPhone(v) ? Promise.resolve() : Promise.reject(new Error(t('err_phone'))),
  };
  const expressRule = {
    validator: (_: unknown, v: string) => {
      const check = checkExpressNos(v);
      return check.error ? Promise.reject(new Error(t(check.error))) : Promise.resolve();
    },
  };
  /** The contracts' rule of a number field: its error under the box, the typed text never changed. */
  const numberRule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, t, { optional: true });
  const moneyRules = [numberRule(zMoney)];

  return (
    <Card
      className="bus-page"
      title={mode === 'add' ? t('menu_order_add') : `${t('menu_order_edit')} ${order?.transportId ?? ''}`}
      data-testid={mode === 'add' ? 'order-add-page' : 'order-edit-page'}
    >
      {locked ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <span>
              {t('bus_msg_use_modification')} <Link to="/bus/orderListEdit">{t('menu_order_list_edit')}</Link>
            </span>
          }
        />
      ) : null}
      {warning ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={warning.message}
          data-testid="credit-warning"
        />
      ) : null}
      <Form<TOrderFormValues> form={form} layout="vertical" disabled={disabled} size="middle" scrollToFirstError>
        <Section title={t('bus_section_customer')}>
          <div className="bus-form-grid">
            <Form.Item name="markId" label={t('field_mark')} rules={[required('field_mark')]}>
              <MarkInOrderSelect
                data-testid="order-mark"
                known={order?.markId ? { id: order.markId, mark: order.mark, nameZh: order.markName } : null}
                onChange={(v) => void state.onMarkPicked(v as number | undefined)}
              />
            </Form.Item>
            <Form.Item name="transportId" label={t('field_transport_id')}>
              <Input
                readOnly
                data-testid="order-transport-id"
                addonAfter={
                  mode === 'add' ? (
                    <Typography.Link onClick={() => void newNumber()}>{t('bus_new_number')}</Typography.Link>
                  ) : undefined
                }
              />
            </Form.Item>
            <TextItems names={['businessNo', 'clientNo']} maxLength={100} />
          </div>
          {subMarkOf ? (
            <Tag color="orange" style={{ marginBottom: 12 }} data-testid="sub-mark-tag">
              {t('bus_billed_to_agent', { mark: subMarkOf })}
            </Tag>
          ) : null}
        </Section>

        <Section title={t('bus_section_route')}>
          <div className="bus-form-grid">
            <Form.Item name="busType" label={t('field_bus_type')} rules={[required('field_bus_type')]}>
              <DictSelect
                type="bus_type"
                data-testid="order-bus-type"
                onChange={(v) => {
                  const ot = form.getFieldValue('orderTime') as string | null;
                  if (ot) form.setFieldValue('preArriveTime', arrivalOf(ot, v ? String(v) : null));
                }}
              />
            </Form.Item>
            <Form.Item name="leftAddrId" label={t('field_left_addr_id')} rules={[required('field_left_addr_id')]}>
              <GeogSelect orgId={1} data-testid="order-left" />
            </Form.Item>
            <Form.Item name="destAddrId" label={t('field_dest_addr_id')} rules={[required('field_dest_addr_id')]}>
              <GeogSelect orgId={2} data-testid="order-dest" />
            </Form.Item>
            <Form.Item name="arrivedHouseId" label={t('field_arrived_house_id')}>
              <Select allowClear placeholder={t('please_select')} options={originWarehouseOptions(init.data)} />
            </Form.Item>
            <Form.Item name="orderTime" label={t('field_order_time')} rules={[required('field_order_time')]}>
              <BusinessDatePicker
                showTime
                data-testid="order-time"
                onChange={(v) => {
                  if (v) form.setFieldValue('preArriveTime', arrivalOf(v, form.getFieldValue('busType')));
                }}
              />
            </Form.Item>
            <Form.Item name="preArriveTime" label={t('field_pre_arrive_time')}>
              <BusinessDatePicker showTime data-testid="order-pre-arrive-time" />
            </Form.Item>
          </div>
        </Section>

        <Section title={t('bus_section_consignee')}>
          <div className="bus-form-grid">
            <Form.Item name="consignee" label={t('field_consignee')}>
              <Input maxLength={100} data-testid="order-consignee" />
            </Form.Item>
            <Form.Item name="consigneeTel" label={t('field_consignee_tel')} rules={[phoneRule]}>
              <Input maxLength={30} data-testid="order-consignee-tel" />
            </Form.Item>
            <Form.Item name="consigneeAddr" label={t('field_consignee_addr')} className="bus-span-2">
              <Select
                showSearch
                allowClear
                mode={undefined}
                placeholder={t('bus_pick_or_type_address')}
                data-testid="order-consignee-addr"
                options={addresses.map((a) => ({ value: a.addr, label: `${a.contact} ${a.tel} · ${a.addr}` }))}
                onSearch={(text) => text && form.setFieldValue('consigneeAddr', text)}
                onSelect={(v) => {
                  const a = addresses.find((x) => x.addr === v);
                  if (a) form.setFieldsValue({ consignee: a.contact, consigneeTel: a.tel });
                }}
                filterOption={(input, option) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
              />
            </Form.Item>
            <Form.Item name="shipper" label={t('field_shipper')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="shipperTel" label={t('field_shipper_tel')} rules={[phoneRule]}>
              <Input maxLength={30} />
            </Form.Item>
          </div>
        </Section>

        <Section title={t('bus_section_inbound')}>
          <div className="bus-form-grid">
            <Form.Item name="expressCorp" label={t('field_express_corp')}>
              <DictSelect type="express_corp" />
            </Form.Item>
            <Form.Item name="expressNo" label={t('field_express_no')} rules={[expressRule]} className="bus-span-2">
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 4 }}
                placeholder={t('msg_comma_separated')}
                data-testid="order-express"
                onChange={(e) => {
                  const text = e.target.value.replace(/\r?\n/g, ',');
                  if (text !== e.target.value) form.setFieldValue('expressNo', text);
                }}
              />
            </Form.Item>
          </div>
        </Section>

        <Section title={t('bus_section_cargo')}>
          <div className="bus-form-grid">
            <Form.Item name="cargoName" label={t('field_cargo_name')}>
              <Input maxLength={200} data-testid="order-cargo-name" />
            </Form.Item>
            <Form.Item name="cargoType" label={t('field_cargo_type')}>
              <DictSelect type="cargo_type" allowClear={false} />
            </Form.Item>
            <Form.Item name="cargoPiece" label={t('field_cargo_piece')} rules={[numberRule(zPieces)]}>
              <IntegerInput disabled={cargo.hasLines || disabled} data-testid="order-piece" />
            </Form.Item>
            <Form.Item name="cargoWeight" label={t('field_cargo_weight')} rules={[numberRule(zWeight)]}>
              <DecimalInput suffix="kg" disabled={disabled || cargo.linesWeigh} data-testid="order-weight" />
            </Form.Item>
            <Form.Item
              name="cargoVolume"
              rules={[numberRule(zVolume)]}
              label={
                <Space size={6}>
                  {t('field_cargo_volume')}
                  {cargo.hasLines ? (
                    <Form.Item name="volumeManual" valuePropName="checked" noStyle>
                      <Switch
                        size="small"
                        checkedChildren={t('field_volume_manual')}
                        unCheckedChildren={t('field_volume_manual')}
                      />
                    </Form.Item>
                  ) : null}
                </Space>
              }
            >
              <DecimalInput
                suffix="m³"
                disabled={disabled || (cargo.hasLines && !values?.volumeManual)}
                data-testid="order-volume"
              />
            </Form.Item>
            <Form.Item name="declaredValue" label={t('field_declared_value')} rules={moneyRules}>
              <DecimalInput data-testid="order-declared-value" />
            </Form.Item>
            <Form.Item name="insuranceId" label={t('field_insurance_id')}>
              <Select
                allowClear
                placeholder={t('please_select')}
                options={(init.data?.insurances ?? []).map((i) => ({ value: i.id, label: i.insuranceName }))}
              />
            </Form.Item>
            <Form.Item name="woodenFrame" label={t('field_wooden_frame')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="cargoRemark" label={t('field_cargo_remark')} className="bus-span-2">
              <Input maxLength={500} />
            </Form.Item>
          </div>
          {values?.cargoType === '4' ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('bus_msg_danger_cargo')} />
          ) : null}

          <CargoLinesTable
            form={form}
            cargo={cargo}
            order={order}
            disabled={disabled}
            numberRule={numberRule}
            onRemove={state.removeLine}
          />
        </Section>

        {isFeeRole ? (
          <FeeSection
            pricing={pricing}
            freightManual={Boolean(values?.freightManual)}
            feeLocked={feeLocked}
            audited={audited}
            moneyRules={moneyRules}
          />
        ) : null}

        <Section title={t('field_remark')}>
          <Form.Item name="remark">
            <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Section>
      </Form>
      <OrderFormActions
        mode={mode}
        state={state}
        printActions={printActions}
        onReset={async () => {
          pricing.clearPrice();
          await state.resetNew();
        }}
      />
      <OrderImportDialog
        open={state.importOpen}
        onClose={() => state.setImportOpen(false)}
        onImported={() => void state.afterSave()}
      />
    </Card>
  );
}
