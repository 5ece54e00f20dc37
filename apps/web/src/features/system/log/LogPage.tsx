import { UnlockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DictTag } from '../../../components/DictTag';
import { ListPage, type ListPageProps, type ToolbarButton } from '../../../components/ListPage';
import { cleanButton, removeByIdsButton } from '../../../components/list-presets';
import { formatDateTime } from '../../../lib/format';
import { logininforKeys, operlogKeys, systemApi, type TLogininfor, type TLogName, type TOperlog } from '../api';
import '../system.css';

/**
 * Logs (screens §4.7, /system/log-list): two tabs, the operation log (details with masked parameters,
 * result and error) and the login log (unlock an account from its row). Keys system:log:*.
 */
function pretty(text: string | undefined) {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function OperlogDetail({ operId, onClose }: { operId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: operlogKeys.detail(operId ?? 0),
    queryFn: () => systemApi.operlog(operId!),
    enabled: operId !== undefined,
  });
  const d = detail.data;
  return (
    <Modal
      open={operId !== undefined}
      title={t('system_oper_detail')}
      width={780}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {d ? (
        <Descriptions size="small" column={2} bordered data-testid="operlog-detail">
          <Descriptions.Item label={t('system_oper_title')}>
            {d.titleLabel} / <DictTag type="sys_oper_type" value={d.businessType} />
          </Descriptions.Item>
          <Descriptions.Item label={t('system_request_method')}>{d.requestMethod}</Descriptions.Item>
          <Descriptions.Item label={t('system_oper_name')}>
            {d.operName} / {d.operIp} {d.operLocation}
          </Descriptions.Item>
          <Descriptions.Item label={t('system_oper_url')}>{d.operUrl}</Descriptions.Item>
          <Descriptions.Item label={t('system_oper_method')} span={2}>
            {d.method}
          </Descriptions.Item>
          <Descriptions.Item label={t('system_oper_param')} span={2}>
            <Typography.Paragraph className="system-code">{pretty(d.operParam)}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('system_oper_result')} span={2}>
            <Typography.Paragraph className="system-code">{pretty(d.jsonResult)}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('system_oper_status')}>
            <DictTag type="sys_common_status" value={d.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('system_cost_time')}>{d.costTime}</Descriptions.Item>
          <Descriptions.Item label={t('system_oper_time')}>{formatDateTime(d.operTime)}</Descriptions.Item>
          {d.errorMsg ? (
            <Descriptions.Item label={t('system_error_msg')} span={2}>
              <Typography.Text type="danger">{d.errorMsg}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </Modal>
  );
}

/** Each log's query keys and its tab's prefix of the URL's filter parameters. */
const LOGS = {
  operlog: { keys: operlogKeys, urlKey: 'op' },
  logininfor: { keys: logininforKeys, urlKey: 'li' },
} as const satisfies Record<TLogName, object>;

/**
 * What both log lists have: `/system/<log>/list` newest first (`timeKey`), four filters shown, Delete (by the
 * `rowKey` ids) and Clean under system:log:remove, Export under system:log:export; `more` buttons follow those.
 */
function LogList<Row extends object>({
  log,
  rowKey,
  timeKey,
  more = [],
  ...rest
}: Omit<
  ListPageProps<Row>,
  'id' | 'urlKey' | 'rowKey' | 'queryKey' | 'url' | 'defaultSort' | 'visibleFields' | 'toolbar' | 'exportConfig'
> & {
  log: TLogName;
  rowKey: keyof Row & string;
  timeKey: keyof Row & string;
  more?: ToolbarButton<Row>[];
}) {
  const { t } = useTranslation();
  return (
    <ListPage<Row>
      id={`system/log-list/${log}`}
      urlKey={LOGS[log].urlKey}
      queryKey={LOGS[log].keys.lists()}
      url={`/system/${log}/list`}
      rowKey={rowKey}
      defaultSort={{ column: timeKey, order: 'desc' }}
      visibleFields={4}
      toolbar={[
        removeByIdsButton<Row>('system:log:remove', {
          confirm: 'system_confirm_delete_logs',
          id: (r) => r[rowKey] as number,
          run: (ids, config) => systemApi.deleteLogs(log, ids, config),
        }),
        cleanButton<Row>('system:log:remove', `system_confirm_clean_${log}`, (config) =>
          systemApi.cleanLog(log, config),
        ),
        ...more,
      ]}
      exportConfig={{ url: `/system/${log}/export`, fileName: t(`system_${log}_export`), perm: 'system:log:export' }}
      {...rest}
    />
  );
}

function OperlogTab() {
  const [detail, setDetail] = useState<number | undefined>();
  return (
    <>
      <LogList<TOperlog>
        log="operlog"
        rowKey="operId"
        timeKey="operTime"
        searchFields={[
          { name: 'title', label: 'system_oper_title' },
          { name: 'operName', label: 'system_oper_name' },
          { type: 'dict', name: 'businessType', label: 'system_business_type', dictType: 'sys_oper_type' },
          { type: 'dict', name: 'status', label: 'system_oper_status', dictType: 'sys_common_status' },
          { type: 'dateRange', name: 'operTime', label: 'system_oper_time' },
        ]}
        columns={[
          { key: 'operId', title: 'system_oper_id', width: 90 },
          { key: 'titleLabel', title: 'system_oper_title', width: 140 },
          { key: 'businessType', title: 'system_business_type', type: 'dict', dictType: 'sys_oper_type', width: 100 },
          { key: 'operName', title: 'system_oper_name', width: 120 },
          { key: 'operIp', title: 'system_ipaddr', width: 130 },
          { key: 'operLocation', title: 'system_location', width: 120, defaultHidden: true },
          { key: 'operUrl', title: 'system_oper_url', width: 220 },
          { key: 'status', title: 'system_oper_status', type: 'dict', dictType: 'sys_common_status', width: 90 },
          { key: 'operTime', title: 'system_oper_time', type: 'datetime', width: 170, sortable: true },
          { key: 'costTime', title: 'system_cost_time', width: 120, sortable: true, align: 'right' },
        ]}
        rowActions={[
          { key: 'detail', label: 'details', perm: 'system:log:query', onClick: (r) => setDetail(r.operId) },
        ]}
        actionsWidth={90}
      />
      <OperlogDetail operId={detail} onClose={() => setDetail(undefined)} />
    </>
  );
}

function LogininforTab() {
  return (
    <LogList<TLogininfor>
      log="logininfor"
      rowKey="infoId"
      timeKey="loginTime"
      searchFields={[
        { name: 'ipaddr', label: 'system_ipaddr' },
        { name: 'userName', label: 'system_user_name' },
        { type: 'dict', name: 'status', label: 'system_login_status', dictType: 'sys_common_status' },
        { type: 'dateRange', name: 'loginTime', label: 'system_login_time' },
      ]}
      columns={[
        { key: 'infoId', title: 'system_info_id', width: 90 },
        { key: 'userName', title: 'system_user_name', width: 120 },
        { key: 'ipaddr', title: 'system_ipaddr', width: 130 },
        { key: 'loginLocation', title: 'system_location', width: 120 },
        { key: 'browser', title: 'system_browser', width: 120 },
        { key: 'os', title: 'system_os', width: 120 },
        { key: 'status', title: 'system_login_status', type: 'dict', dictType: 'sys_common_status', width: 90 },
        { key: 'msg', title: 'system_login_msg', width: 220 },
        { key: 'loginTime', title: 'system_login_time', type: 'datetime', width: 170, sortable: true },
      ]}
      more={[
        {
          key: 'unlock',
          label: 'unlock',
          icon: <UnlockOutlined />,
          perm: 'system:log:unlock',
          selection: 'single',
          onClick: (ctx) =>
            ctx.runAction({
              confirm: 'system_confirm_unlock',
              confirmValues: { name: ctx.selectedRows[0]?.userName ?? '' },
              success: 'system_unlocked',
              run: (rows, config) => systemApi.unlock(rows[0]!.infoId, config),
            }),
        },
      ]}
    />
  );
}

export default function LogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'login' ? 'login' : 'oper';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        setParams((p) => {
          const next = new URLSearchParams(p);
          next.set('tab', key);
          return next;
        })
      }
      items={[
        { key: 'oper', label: t('operation_log'), children: <OperlogTab /> },
        { key: 'login', label: t('login_log'), children: <LogininforTab /> },
      ]}
    />
  );
}
