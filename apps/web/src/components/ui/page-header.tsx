import { Typography } from 'antd';
import { memo, type ReactNode } from 'react';

type PageHeaderProps = { title: string; description?: ReactNode; extra?: ReactNode };

/** The one `h1` of a screen, with room for its main actions; drawn again only when what it shows changes. */
export const PageHeader = memo(function PageHeader({ title, description, extra }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header-text">
        <Typography.Title level={1} className="page-header-title">
          {title}
        </Typography.Title>
        {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      </div>
      {extra ? <div className="page-header-extra">{extra}</div> : null}
    </header>
  );
});
