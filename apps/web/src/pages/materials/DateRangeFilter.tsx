/** The material toolbar's date-range filter: antd's range picker, in a chunk of its own. */
import { DatePicker } from 'antd';
import type { DateRangeFilterProps } from './LazyDateRangeFilter';

/** The range picker itself (loaded by {@link LazyDateRangeFilter} once the page is drawn). */
export default function DateRangeFilter({ value, onChange, label, width, autoFocus }: DateRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      value={value}
      onChange={(range) => onChange(range ?? null)}
      aria-label={label}
      style={{ width }}
      autoFocus={autoFocus}
      data-testid="material-filter-date"
    />
  );
}
