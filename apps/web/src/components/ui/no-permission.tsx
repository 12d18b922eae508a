import { PageHeader } from './page-header';
import { StatusPanel } from './status-panel';

type NoPermissionProps = {
  /** Why there is nothing to show, in the screen's words ("You may not read the cards"). */
  reason: string;
  /** The screen's heading, kept above the reason; left out where the screen shows its own. */
  title?: string;
};

/** What a member without the permission a screen needs sees instead of what they may not read. */
export function NoPermission({ reason, title }: NoPermissionProps) {
  const panel = <StatusPanel level={2} status="warning" title={reason} />;
  if (!title) return panel;
  return (
    <>
      <PageHeader title={title} />
      {panel}
    </>
  );
}
