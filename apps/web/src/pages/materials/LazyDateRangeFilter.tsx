/**
 * The date-range filter of the material toolbar, loaded after the page is drawn: antd's date
 * picker (≈ 31 KB gzip with its panels) is not needed to show the library, and it was one of the
 * largest files the page waited for. Until it arrives a read-only field of the same size and text
 * stands in; focusing or pointing at it loads the picker at once.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { ConfigProvider, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useContext, useEffect, useState } from 'react';

/** Props of the date-range filter (both the stand-in and the picker). */
export interface DateRangeFilterProps {
  value: [Dayjs | null, Dayjs | null] | null;
  onChange(range: [Dayjs | null, Dayjs | null] | null): void;
  /** Accessible name. */
  label: string;
  /** Width in px: the same for the stand-in and the picker, so that nothing moves. */
  width: number;
  /** Focus the picker when it mounts (the stand-in had the focus). */
  autoFocus?: boolean;
}

const loadPicker = () => import('./DateRangeFilter');
const DateRangeFilter = lazy(loadPicker);

/** Runs `callback` once the browser is idle (or after 200 ms where it cannot tell). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

/** What shows until the picker is there: a read-only field with the picker's placeholder. */
function StandIn({
  label,
  width,
  onWake,
}: {
  label: string;
  width: number;
  onWake?: (focus: boolean) => void;
}) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const [start, end] = locale?.DatePicker?.lang.rangePlaceholder ?? ['', ''];
  return (
    <Input
      readOnly
      aria-label={label}
      style={{ width }}
      placeholder={start || end ? `${start} → ${end}` : undefined}
      suffix={<CalendarOutlined style={{ color: 'rgba(0, 0, 0, 0.25)' }} />}
      onFocus={onWake && (() => onWake(true))}
      onPointerEnter={onWake && (() => onWake(false))}
      data-testid="material-filter-date-standin"
    />
  );
}

/** The date-range filter: a stand-in first, antd's range picker once the page is idle or used. */
export function LazyDateRangeFilter(props: DateRangeFilterProps) {
  const [wanted, setWanted] = useState(false);
  const [focus, setFocus] = useState(false);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  const wake = (withFocus: boolean) => {
    setFocus(withFocus);
    setWanted(true);
  };
  if (!wanted) return <StandIn label={props.label} width={props.width} onWake={wake} />;
  return (
    <Suspense fallback={<StandIn label={props.label} width={props.width} />}>
      <DateRangeFilter {...props} autoFocus={focus} />
    </Suspense>
  );
}
