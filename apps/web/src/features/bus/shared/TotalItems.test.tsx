import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListSums } from './TotalItems';

/**
 * The totals row under the order and load lists: the heading and every figure are items of the row's own layout (so
 * its gap separates them), and an amount the server left out (no fee role) is not shown at all.
 */
describe('<ListSums>', () => {
  it('lays out the heading and each figure as its own item, without the amounts the server left out', () => {
    render(
      <ListSums
        items={[
          { label: 'field_order_count', value: 28 },
          { label: 'field_arrived_piece', value: 166 },
          { label: 'field_arrived_weight', value: '11570.00' },
          { label: 'field_container_fee', money: undefined },
        ]}
      />,
    );
    const row = screen.getByTestId('list-sums');
    const items = [...row.children].map((c) => c.textContent);
    expect(items).toEqual(['合计', '订单数: 28', '实收件数: 166', '实收重量(kg): 11570.00']);
  });
});
