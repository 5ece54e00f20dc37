import { ColumnHeightOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Table, type TableColumnType, Tooltip } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../components/Auth';
import { DictSelect } from '../../../components/DictSelect';
import { allIds } from './tree';

/**
 * The tree lists of the system group (menus, departments: screens §4.5, §4.6): a name and status filter,
 * Add and Expand/Collapse, a tree table without paging (the server answers the whole filtered list).
 */
export interface TreeTablePageProps<Row extends { children?: Row[] }> {
  id: string;
  rows: Row[];
  loading: boolean;
  rowKey: keyof Row & string;
  columns: TableColumnType<Row>[];
  nameField: string;
  nameLabel: string;
  filters: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  onRefresh: () => unknown;
  addPerm: string;
  onAdd: () => void;
  /** Expand everything at first (departments); menus start collapsed. */
  expandAll?: boolean;
  extra?: ReactNode;
}

export function TreeTablePage<Row extends { children?: Row[] }>(props: TreeTablePageProps<Row>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const ids = useMemo(() => allIds(props.rows, (r) => Number(r[props.rowKey])), [props.rows, props.rowKey]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setExpanded(props.expandAll || Object.values(props.filters).some(Boolean) ? ids : []);
  }, [ids, touched, props.expandAll, props.filters]);

  const search = () => {
    const values = form.getFieldsValue();
    const clean = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    );
    setTouched(false);
    props.onSearch(clean as Record<string, string>);
  };

  return (
    <div className="list-page" data-testid={`tree-${props.id}`}>
      <Form form={form} layout="inline" className="system-tree-search" initialValues={props.filters} onFinish={search}>
        <Form.Item name={props.nameField} label={t(props.nameLabel)}>
          <Input allowClear placeholder={t('please_enter')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('system_status')}>
          <DictSelect type="sys_normal_disable" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('search')}
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue({ [props.nameField]: undefined, status: undefined });
                search();
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <div className="list-toolbar">
        <Space wrap size={8}>
          <Auth perm={props.addPerm}>
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="tree-btn-add">
              {t('add')}
            </Button>
          </Auth>
          <Button
            icon={<ColumnHeightOutlined />}
            onClick={() => {
              setTouched(true);
              setExpanded(expanded.length ? [] : ids);
            }}
          >
            {t('expand_collapse')}
          </Button>
          {props.extra}
        </Space>
        <Tooltip title={t('refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            onClick={() => props.onRefresh()}
            aria-label={t('refresh')}
          />
        </Tooltip>
      </div>
      <Table<Row>
        size="small"
        bordered
        rowKey={props.rowKey}
        loading={props.loading}
        dataSource={props.rows}
        columns={props.columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => {
            setTouched(true);
            setExpanded([...keys]);
          },
        }}
      />
    </div>
  );
}
