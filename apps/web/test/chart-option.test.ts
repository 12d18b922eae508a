import { describe, expect, it } from 'vitest';
import { axisChartOption, toMajorUnits } from '../src/components/ui/chart-option';
import { formatCompact } from '../src/lib/format';

describe('axisChartOption', () => {
  const setUp = {
    colors: ['#1f5fbf', '#d4862a'],
    legendRoom: 40,
    categories: ['11-01', '11-02'],
    tooltip: (index: number) => ['first', 'second'][index] ?? '',
    series: [{ name: 'Revenue', type: 'bar', data: [1, 2] }],
  };

  it('draws without animation, the legend on top with room for it, and the days left to right', () => {
    const option = axisChartOption(setUp);
    expect(option.animation).toBe(false);
    expect(option.color).toEqual(setUp.colors);
    expect(option.legend).toEqual({ top: 0 });
    expect(option.grid).toEqual({ left: 8, right: 8, top: 40, bottom: 8, containLabel: true });
    expect(option.xAxis).toEqual({ type: 'category', data: ['11-01', '11-02'], axisLabel: { hideOverlap: true } });
    expect(option.series).toBe(setUp.series);
  });

  it('the tooltip names the pointed category, the first one when none is given', () => {
    const option = axisChartOption(setUp);
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe('second');
    expect(option.tooltip.formatter([])).toBe('first');
  });

  it('one value axis, or a second one on the right without its own grid lines; both in compact figures', () => {
    const one = axisChartOption(setUp).yAxis;
    if (Array.isArray(one)) throw new Error('one value axis expected');
    expect(one.axisLabel.formatter(12_500)).toBe(formatCompact(12_500));
    const two = axisChartOption({ ...setUp, secondAxis: true }).yAxis;
    if (!Array.isArray(two)) throw new Error('two value axes expected');
    const [left, right] = two;
    expect(left && 'splitLine' in left).toBe(false);
    expect(right).toMatchObject({ type: 'value', splitLine: { show: false } });
    expect(right?.axisLabel.formatter(3_000_000)).toBe(formatCompact(3_000_000));
  });

  it('counts money in the currency’s major units', () => {
    expect(toMajorUnits('TWD')(12_300)).toBe(123);
    expect(toMajorUnits('JPY')(500)).toBe(500);
  });
});
