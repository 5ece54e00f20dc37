import { PAGE_SIZES } from '@theone/contracts/common/page';
import { Pagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../lib/use-narrow';

/**
 * The spec's pager (§9): total, sizes (10/20/30/50), prev, pager, next, jumper, in that order;
 * 7 page buttons, 5 on narrow screens.
 */
export function ListPagination(props: {
  total: number;
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { total, pageNum, pageSize, onChange } = props;
  return (
    <div className="list-pagination" data-testid="list-pagination">
      <span className="list-pagination-total">{t('list_total', { total })}</span>
      <Select
        className="list-pagination-sizes"
        value={pageSize}
        popupMatchSelectWidth={false}
        options={PAGE_SIZES.map((s) => ({ value: s, label: t('list_page_size', { size: s }) }))}
        onChange={(size) => onChange(1, size)}
        aria-label={t('list_page_size_label')}
      />
      <Pagination
        current={pageNum}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showQuickJumper
        showLessItems={narrow}
        onChange={(page) => onChange(page, pageSize)}
      />
    </div>
  );
}
