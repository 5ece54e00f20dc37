import { ORDER_FEE_INPUT_FIELDS } from '@theone/contracts/bus/order-pricing';
import { Button, Form, type FormRule, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../components/confirm';
import { DictSelect } from '../../../../components/DictSelect';
import { MoneyCell } from '../../../../components/MoneyCell';
import { DecimalInput } from '../../../../components/NumberInput';
import { usePermission } from '../../../../lib/permission';
import type { TPricePreview } from '../api';
import type { TLivePricing } from './live-pricing';
import { Section } from './Section';

/**
 * The order form's fee section (fee role only): the price row found, how the freight was reached, the typed
 * fees and the totals, all from the live pricing (live-pricing.ts); frozen once the fees are audited.
 */

const FEE_LABEL: Record<string, string> = {
  feePickAr: 'field_fee_pick_ar',
  feeSendAr: 'field_fee_send_ar',
  feePackAr: 'field_fee_pack_ar',
  feeUnloadAr: 'field_fee_unload_ar',
  feeWoodenAr: 'field_fee_wooden_ar',
  feeChacheAr: 'field_fee_chache_ar',
  deliveryAr: 'field_delivery_ar',
  feeReplaceAr: 'field_fee_replace_ar',
  feeOtherAr: 'field_fee_other_ar',
  chinaFeeAr: 'field_china_fee_ar',
  thFeeAr: 'field_th_fee_ar',
};

/** The price row the preview found (scope, route, unit prices, validity), or 'no valid price'. */
function PriceRow({ price }: { price: TPricePreview | null }) {
  const { t } = useTranslation();
  if (!price?.price) {
    return (
      <Typography.Text type="warning" data-testid="no-price">
        {t('bus_msg_no_valid_price')}
      </Typography.Text>
    );
  }
  return (
    <Space wrap size={[12, 4]}>
      <Tag color={price.scope === 'mark' ? 'green' : price.scope === 'agent' ? 'orange' : 'blue'}>
        {t(`bus_price_scope_${price.scope}`)}
      </Tag>
      {price.isOverdue ? <Tag color="orange">{t('bus_price_expired')}</Tag> : null}
      <span>
        {price.price.leftAddrName} → {price.price.destAddrName}
      </span>
      <span>
        {t('field_volume_price')}: <MoneyCell value={price.price.volumePrice} currency={price.price.currency} />
      </span>
      <span>
        {t('field_weight_price')}: <MoneyCell value={price.price.weightPrice} currency={price.price.currency} />
      </span>
      {price.isSubMark === '1' ? (
        <span>
          {t('bus_agent_price')}: {price.price.volumePriceAgent ?? '-'} / {price.price.weightPriceAgent ?? '-'}
        </span>
      ) : null}
      <Typography.Text type="secondary">
        {price.price.validFromDate} ~ {price.price.validToDate ?? ''}
      </Typography.Text>
    </Space>
  );
}

export function FeeSection({
  pricing: { price, fees, priced, loadPrice },
  freightManual,
  feeLocked,
  audited,
  moneyRules,
}: {
  pricing: TLivePricing;
  freightManual: boolean;
  /** the order may not change (status) or its fees are audited */
  feeLocked: boolean;
  audited: boolean;
  moneyRules: FormRule[];
}) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  return (
    <Section
      title={t('bus_section_fees')}
      extra={
        hasPermi(['bus:orderAdd:price', 'bus:unOrder:price', 'bus:order:price']) && !feeLocked ? (
          <Button
            size="small"
            onClick={async () => {
              if (await confirmAction({ content: t('confirm_fetch_price') })) await loadPrice();
            }}
            data-testid="order-fetch-price"
          >
            {t('btn_fetch_price')}
          </Button>
        ) : undefined
      }
    >
      <div className="bus-price-box" data-testid="price-box">
        <PriceRow price={price} />
        {priced?.freight ? (
          <div className="bus-basis" data-testid="freight-basis">
            {t(priced.freight.basis === 'volume' ? 'bus_basis_volume' : 'bus_basis_weight', {
              q: priced.freight.quantity,
              p: priced.freight.unitPrice,
              a: priced.freight.amount,
            })}
            {priced.freight.minAmount
              ? ` · ${t(priced.freight.minimumApplied ? 'bus_min_applied' : 'bus_min_not_applied', { m: priced.freight.minAmount })}`
              : ''}
          </div>
        ) : null}
        {fees && 'error' in fees ? <Typography.Text type="danger">{t(fees.error)}</Typography.Text> : null}
      </div>
      <div className="bus-form-grid">
        <Form.Item
          label={
            <Space size={6}>
              {t('field_fee_freight_ar')}
              <Form.Item name="freightManual" valuePropName="checked" noStyle>
                <Switch
                  size="small"
                  disabled={feeLocked}
                  checkedChildren={t('bus_manual')}
                  unCheckedChildren={t('bus_manual')}
                />
              </Form.Item>
            </Space>
          }
        >
          {freightManual ? (
            <Form.Item name="feeFreightAr" noStyle rules={moneyRules}>
              <DecimalInput disabled={feeLocked} data-testid="order-freight-input" />
            </Form.Item>
          ) : (
            <div className="bus-totals" data-testid="order-freight">
              <MoneyCell value={priced?.feeFreightAr ?? null} currency={priced?.currency} />
            </div>
          )}
        </Form.Item>
        {priced?.feeAgentAp ? (
          <Form.Item label={t('field_fee_agent_ap')}>
            <div className="bus-totals">
              <MoneyCell value={priced.feeAgentAp} currency={priced.currency} />
            </div>
          </Form.Item>
        ) : null}
        {ORDER_FEE_INPUT_FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(FEE_LABEL[f] ?? f)} rules={moneyRules}>
            <DecimalInput disabled={feeLocked} data-testid={`order-${f}`} />
          </Form.Item>
        ))}
        <Form.Item label={t('field_fee_insurance_ar')}>
          <div className="bus-totals">
            <MoneyCell value={priced?.feeInsuranceAr ?? null} currency={priced?.currency} />
          </div>
        </Form.Item>
        <Form.Item name="currency" label={t('field_currency')}>
          <DictSelect type="currency" allowClear={false} disabled={feeLocked || Boolean(price?.found)} />
        </Form.Item>
      </div>
      <div className="bus-totals" data-testid="fee-totals">
        <span>
          {t('field_fee_ar_amount')}:{' '}
          <b data-testid="order-fee-total">
            <MoneyCell value={priced?.feeArAmount ?? null} currency={priced?.currency} />
          </b>
        </span>
        {priced && priced.currency !== 'RMB' ? (
          <span>
            {t('field_rmb_amount')}: <MoneyCell value={priced.rmbAmount} currency="RMB" /> ({t('field_currency_rate')}{' '}
            {priced.currencyRate})
          </span>
        ) : null}
        {priced?.agentArAmount ? (
          <span>
            {t('field_agent_ar_amount')}: <MoneyCell value={priced.agentArAmount} currency={priced.currency} />
          </span>
        ) : null}
        {audited ? <Tag color="purple">{t('bus_fees_frozen')}</Tag> : null}
      </div>
    </Section>
  );
}
