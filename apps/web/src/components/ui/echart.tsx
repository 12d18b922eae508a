import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type EChartOption = echarts.EChartsCoreOption;

type EChartProps = {
  /** Memoise it: the chart is drawn again whenever it changes. */
  option: EChartOption;
  className: string;
  /** What the chart shows, for screen readers. */
  description: string;
  testId: string;
};

/** A bar and line chart (ECharts on a canvas) that follows its box's size. */
export function EChart({ option, className, description, testId }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.setOption(option);
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option]);

  return <div ref={element} className={className} role="img" aria-label={description} data-testid={testId} />;
}
