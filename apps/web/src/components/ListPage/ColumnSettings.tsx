import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Column picker of the right toolbar: tick the columns to show; 'Reset' restores the defaults. */
export function ColumnSettings(props: {
  columns: { key: string; title: string }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const { columns, hidden, onChange } = props;
  const content = (
    <div className="list-columns">
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!hidden.includes(c.key)}
          onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
        >
          {t(c.title)}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={props.onReset}>
        {t('reset')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('list_columns')}>
      <Tooltip title={t('list_columns')}>
        <Button shape="circle" icon={<SettingOutlined />} aria-label={t('list_columns')} data-testid="list-columns" />
      </Tooltip>
    </Popover>
  );
}
