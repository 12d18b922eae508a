/**
 * A bar-and-line chart's categories and tooltip (for `axisChartOption`) from its points: each point's
 * label on the axis, and in the tooltip the pointed one's label over its `name: value` lines.
 */
export function pointCategories<Point>(
  points: readonly Point[],
  label: (point: Point) => string,
  lines: (point: Point) => string[],
) {
  return {
    categories: points.map(label),
    tooltip: (index: number) => {
      const point = points[index];
      return point === undefined ? '' : [label(point), ...lines(point)].join('<br/>');
    },
  };
}
