import { Select } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesTimeZone, timeZoneLabel, timeZoneOptions } from './time-zone-options';

/** Props of {@link TimeZoneSelect}; `value`/`onChange` as a Form.Item passes them. */
export interface TimeZoneSelectProps {
  /** IANA zone; null or undefined: none of its own (inherits). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The zone that applies when none is chosen; the placeholder names it. */
  inherited?: string;
  /** Set by Form.Item so that its label points at the search input. */
  id?: string;
  /** Accessible name when no label points at it (default: "Time zone"). */
  'aria-label'?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * Searchable IANA time zone picker: every zone the browser knows plus UTC, each with its current
 * UTC offset ("Europe/Berlin (UTC+01:00)"); clearing it chooses "inherit" (null).
 */
export function TimeZoneSelect({
  value,
  onChange,
  inherited,
  id,
  disabled,
  style,
  ...rest
}: TimeZoneSelectProps) {
  const { t } = useTranslation();
  // Offsets at the time the picker opens; a page kept open across a DST change is close enough.
  const options = useMemo(() => timeZoneOptions(new Date(), undefined, value), [value]);
  return (
    <Select<string | null>
      id={id}
      aria-label={id ? undefined : (rest['aria-label'] ?? t('timeZone.label'))}
      data-testid={rest['data-testid']}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      allowClear
      showSearch={{ filterOption: (input, option) => matchesTimeZone(input, option) }}
      placeholder={
        inherited ? t('timeZone.inheritFrom', { zone: timeZoneLabel(inherited) }) : t('timeZone.inherit')
      }
      disabled={disabled}
      popupMatchSelectWidth={false}
      style={{ width: '100%', maxWidth: 420, ...style }}
      virtual
    />
  );
}
