import { Card, Statistic } from 'antd';

export type Figure = { key: string; title: string; value: string; color?: string };

/** A row of headline figures, each on a small card: a title above its value. */
export function FigureCards({ className, figures }: { className: string; figures: Figure[] }) {
  return (
    <div className={className}>
      {figures.map((figure) => (
        <Card size="small" key={figure.key}>
          <Statistic
            title={figure.title}
            value={figure.value}
            styles={figure.color ? { content: { color: figure.color } } : undefined}
          />
        </Card>
      ))}
    </div>
  );
}
