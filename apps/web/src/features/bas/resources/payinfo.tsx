import { Tag } from 'antd';
import { AuthImage } from '../../../components/AuthImage';
import { createPageScreen, type ScreenDef } from '../../../components/screen-factory';
import { type UploadedFile, UploadField } from '../../../components/UploadField';
import { payinfoKeys } from '../api';
import { basScreen, isDefault, remark, status } from './common-fields';

/** Payment info (screens §3.15): list, add/edit and details pages from one definition. */
export interface TPayinfo {
  id: number;
  accountName: string;
  bankName: string;
  accountNo: string;
  branch: string;
  currency: string;
  payType: string;
  qrFileId: string;
  qrUrl: string;
  isDefault: '0' | '1';
  status: '0' | '1';
  remark: string;
  version: number;
  createTime: string;
}

/** The QR image (fetched with the session: the download route needs the bearer token). */
const QrThumb = ({ fileId, size = 40 }: { fileId: string; size?: number }) => (
  <AuthImage fileId={fileId} size={size} placeholder={<Tag>QR</Tag>} />
);

export const payinfoScreen: ScreenDef<TPayinfo> = {
  ...basScreen('payinfo', payinfoKeys),
  filters: [
    { name: 'accountName', label: 'field_account_name' },
    { name: 'bankName', label: 'field_bank_name' },
    { type: 'dict', name: 'currency', label: 'field_currency', dictType: 'currency' },
    status.filter,
  ],
  columns: [
    { key: 'accountName', title: 'field_account_name', width: 200, link: true },
    { key: 'bankName', title: 'field_bank_name', width: 150 },
    { key: 'accountNo', title: 'field_account_no', width: 180 },
    { key: 'branch', title: 'field_branch', width: 120 },
    { key: 'currency', title: 'field_currency', width: 80 },
    { key: 'payType', title: 'field_pay_type', type: 'dict', dictType: 'pay_type', width: 110 },
    {
      key: 'qrUrl',
      title: 'field_qr_code',
      width: 90,
      render: (_, r) => (r.qrFileId ? <QrThumb fileId={r.qrFileId} /> : '-'),
    },
    isDefault.column,
    status.column,
    remark.column(150),
  ],
  defaults: { currency: 'THB', payType: '2', isDefault: false, status: true, qr: [] },
  load: (r, v) => ({ ...v, qr: r.qrFileId ? [{ fileId: r.qrFileId, url: r.qrUrl, name: 'QR' }] : [] }),
  save: ({ qr, ...body }) => {
    const file = (qr as UploadedFile[] | null)?.[0];
    return { ...body, qrFileId: file?.fileId ? String(file.fileId) : '' };
  },
  sections: [
    {
      fields: [
        { name: 'accountName', label: 'field_account_name', required: true, max: 100 },
        { name: 'bankName', label: 'field_bank_name', required: true, max: 100 },
        { name: 'accountNo', label: 'field_account_no', required: true, max: 50 },
        { name: 'branch', label: 'field_branch', max: 100 },
        { name: 'currency', label: 'field_currency', kind: 'dict', dictType: 'currency', required: true },
        {
          name: 'payType',
          label: 'field_pay_type',
          kind: 'select',
          required: true,
          options: [
            { value: '2', label: 'pay_transfer' },
            { value: '3', label: 'pay_wechat' },
            { value: '4', label: 'pay_alipay' },
          ],
        },
        {
          name: 'qr',
          label: 'field_qr_code',
          kind: 'custom',
          control: <UploadField accept=".png,.jpg,.jpeg" maxCount={1} maxSizeMb={2} listType="picture" />,
        },
        isDefault.field('bas_hint_default_account'),
        status.field,
        remark.field,
      ],
    },
  ],
  tabTitle: (r) => r.bankName,
  details: [
    { name: 'accountName', label: 'field_account_name' },
    { name: 'bankName', label: 'field_bank_name' },
    { name: 'accountNo', label: 'field_account_no' },
    { name: 'branch', label: 'field_branch' },
    { name: 'currency', label: 'field_currency', type: 'dict', dictType: 'currency' },
    { name: 'payType', label: 'field_pay_type', type: 'dict', dictType: 'pay_type' },
    {
      name: 'qrFileId',
      label: 'field_qr_code',
      render: (v) => (v ? <QrThumb fileId={v as string} size={120} /> : '-'),
    },
    isDefault.item,
    status.item,
    remark.item,
  ],
};

/** The list, add/edit and details pages (routes `bas/payinfo-list|add|edit|details`). */
export const payinfoPages = createPageScreen(payinfoScreen);
