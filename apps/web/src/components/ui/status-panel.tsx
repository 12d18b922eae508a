import { CheckCircleFilled, CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

type StatusPanelProps = {
  status: 'success' | 'warning' | 'error';
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** 1 when the panel is the page; 2 inside a page that has its own heading. */
  level?: 1 | 2;
};

const icons = { success: CheckCircleFilled, warning: WarningFilled, error: CloseCircleFilled };

/** A page-level outcome (signed out, sign-in failed, list failed): icon, heading, text, next step. */
export function StatusPanel({ status, title, description, actions, level = 1 }: StatusPanelProps) {
  const Icon = icons[status];
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`status-panel status-panel-${status}`} role={status === 'success' ? 'status' : 'alert'}>
      <Icon className="status-panel-icon" aria-hidden />
      <Heading className="status-panel-title">{title}</Heading>
      {description ? <p className="status-panel-description">{description}</p> : null}
      {actions ? <div className="status-panel-actions">{actions}</div> : null}
    </section>
  );
}
