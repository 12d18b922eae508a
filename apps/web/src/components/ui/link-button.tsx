import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick' | 'children'> & { to: To; children: ReactNode };

/**
 * A way to another screen among a screen's buttons, drawn as one of them: a real link (it can open in
 * a new tab and reads as a link), followed inside the app on a plain click.
 */
export function LinkButton({ to, children, ...button }: LinkButtonProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button {...button} href={href} onClick={follow}>
      {children}
    </Button>
  );
}
