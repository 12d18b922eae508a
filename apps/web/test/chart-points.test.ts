import { describe, expect, it } from 'vitest';
import { axisChartOption } from '../src/components/ui/chart-option';
import { pointCategories } from '../src/components/ui/chart-points';

describe('pointCategories', () => {
  const points = [
    { day: '11-01', revenue: 120, count: 3 },
    { day: '11-02', revenue: 80, count: 2 },
  ];
  const set = pointCategories(
    points,
    (point) => point.day,
    (point) => [`Revenue: ${point.revenue}`, `Sales: ${point.count}`],
  );

  it("labels the axis with each point's label, left to right", () => {
    expect(set.categories).toEqual(['11-01', '11-02']);
  });

  it("gives the pointed point's label over its lines, and nothing past the points", () => {
    expect(set.tooltip(1)).toBe('11-02<br/>Revenue: 80<br/>Sales: 2');
    expect(set.tooltip(2)).toBe('');
  });

  it('is what axisChartOption takes for its axis and tooltip', () => {
    const option = axisChartOption({ colors: ['#1f5fbf'], legendRoom: 40, ...set, series: [] });
    expect(option.xAxis.data).toEqual(['11-01', '11-02']);
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toBe('11-01<br/>Revenue: 120<br/>Sales: 3');
  });
});
