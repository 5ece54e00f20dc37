import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The tabs above a bus list (sign-list, track-list, the exception list, arriveOrder): one per value of `tabs`,
 * labelled by the translation key `<labelPrefix><tab>`; the screen keeps the tab (useUrlTab).
 */
export function ListTabs<Tab extends string>(props: {
  tabs: readonly Tab[];
  labelPrefix: string;
  value: Tab;
  onChange: (tab: Tab) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<Tab>
      style={{ marginBottom: 8 }}
      value={props.value}
      onChange={props.onChange}
      options={props.tabs.map((value) => ({ value, label: t(`${props.labelPrefix}${value}`) }))}
      data-testid={props.testId}
    />
  );
}
