import { STATS_MAX_DAYS, type PlaySubject, type StatsGranularity } from '@apm/contract';
import { Alert, DatePicker, Flex, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { allowedGranularities, daysToPeriod, PERIOD_PRESETS, periodProblem, presetPeriod } from './period';
import { StatsOptionSelect } from './StatsOptionSelect';
import type { StatsFilters } from './use-stats-filters';

/** Props of {@link StatsFilterBar}. */
export interface StatsFilterBarProps {
  value: StatsFilters;
  onChange(next: StatsFilters): void;
  /** Also offer a terminal, a program, what is counted and, counting materials, a material (the data statistics page). */
  playFilters?: boolean;
}

const SUBJECTS: PlaySubject[] = ['program', 'material', 'message', 'scene'];

/**
 * The filters of the statistics pages: a period (with presets, at most 400 days), an institution,
 * the interval, and on the data page a terminal, a program, what is counted and (counting materials)
 * a material, chosen from the statistics options of the caller's range. A bad period is named and
 * not applied.
 */
export function StatsFilterBar({ value, onChange, playFilters }: StatsFilterBarProps) {
  const { t } = useTranslation('statistics');
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<StatsFilters>) => onChange({ ...value, ...patch });
  const onPeriod = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return;
    const period = daysToPeriod(range[0], range[1]);
    const bad = periodProblem(period);
    setProblem(bad ? t(bad, { days: STATS_MAX_DAYS }) : null);
    if (bad) return;
    const allowed = allowedGranularities(period);
    set({ period, granularity: allowed.includes(value.granularity) ? value.granularity : allowed[0]! });
  };
  const now = dayjs();
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={t('filters.period')}>
          <DatePicker.RangePicker
            allowClear={false}
            value={[value.period[0], value.period[1].subtract(1, 'day')]}
            onChange={onPeriod}
            presets={PERIOD_PRESETS.map((p) => {
              const [from, to] = presetPeriod(p, now);
              return { label: t(`presets.${p}`), value: [from, to.subtract(1, 'day')] as [Dayjs, Dayjs] };
            })}
            data-testid="stats-period"
          />
        </Form.Item>
        <Form.Item label={t('filters.office')}>
          <OfficeTreeSelect
            allowClear
            value={value.officeId}
            onChange={(officeId) => set({ officeId, terminalId: undefined })}
            placeholder={t('filters.allOffices')}
            aria-label={t('filters.office')}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item label={t('filters.granularity')}>
          <Select<StatsGranularity>
            style={{ width: 130 }}
            value={value.granularity}
            onChange={(granularity) => set({ granularity })}
            aria-label={t('filters.granularity')}
            options={allowedGranularities(value.period).map((g) => ({
              value: g,
              label: t(`granularities.${g}`),
            }))}
            data-testid="stats-granularity"
          />
        </Form.Item>
        {playFilters ? (
          <>
            <Form.Item label={t('filters.terminal')}>
              <StatsOptionSelect
                kind="terminals"
                officeId={value.officeId}
                value={value.terminalId}
                onChange={(terminalId) => set({ terminalId })}
                placeholder={t('filters.allTerminals')}
                ariaLabel={t('filters.terminal')}
                testId="stats-terminal-picker"
              />
            </Form.Item>
            <Form.Item label={t('filters.program')}>
              <StatsOptionSelect
                kind="programs"
                value={value.programId}
                onChange={(programId) => set({ programId, materialId: undefined, subject: 'program' })}
                placeholder={t('filters.allPrograms')}
                ariaLabel={t('filters.program')}
                testId="stats-program-picker"
              />
            </Form.Item>
            <Form.Item label={t('filters.subject')}>
              <Select<PlaySubject>
                style={{ width: 130 }}
                value={value.subject}
                onChange={(subject) =>
                  set({
                    subject,
                    programId: subject === 'program' ? value.programId : undefined,
                    materialId: subject === 'material' ? value.materialId : undefined,
                  })
                }
                aria-label={t('filters.subject')}
                options={SUBJECTS.map((s) => ({ value: s, label: t(`subjects.${s}`) }))}
                data-testid="stats-subject"
              />
            </Form.Item>
            {value.subject === 'material' ? (
              <Form.Item label={t('filters.material')}>
                <StatsOptionSelect
                  kind="materials"
                  value={value.materialId}
                  onChange={(materialId) => set({ materialId })}
                  placeholder={t('filters.allMaterials')}
                  ariaLabel={t('filters.material')}
                  testId="stats-material-picker"
                />
              </Form.Item>
            ) : null}
          </>
        ) : null}
      </Form>
      {problem ? <Alert type="warning" showIcon title={problem} data-testid="stats-period-problem" /> : null}
    </Flex>
  );
}
