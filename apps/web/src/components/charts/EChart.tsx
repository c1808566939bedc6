/**
 * EChart — one ECharts chart that fills its box, follows the console theme (dark or light, from
 * antd's tokens), resizes with its container and is disposed on unmount. Only the chart kinds the
 * statistics pages draw are registered, and this module loads with those pages' chunk, not with
 * the sign-in page.
 *
 * @example
 * <EChart option={timeChartOption(labels, series, t('playsChart'))} height={280} ariaLabel={t('playsChart')} />
 */
import { theme } from 'antd';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { isDarkColor } from './chart-theme';

echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** Props of {@link EChart}. */
export interface EChartProps {
  /** The chart's option (see the builders in the pages' `chart-options.ts`). */
  option: object;
  /** Height in pixels (the width follows the container). */
  height?: number;
  /** What the chart shows, for assistive technologies (a table alternative should sit next to it). */
  ariaLabel: string;
  'data-testid'?: string;
}

/** A themed, self-resizing ECharts chart. */
export function EChart({ option, height = 300, ariaLabel, 'data-testid': testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { token } = theme.useToken();
  const dark = isDarkColor(token.colorBgContainer);

  // A new theme needs a new instance: ECharts fixes the theme at init.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        textStyle: { fontFamily: token.fontFamily },
        ...option,
      },
      { notMerge: true },
    );
  }, [option, dark, token.fontFamily]);

  return (
    <div ref={box} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height }} />
  );
}
