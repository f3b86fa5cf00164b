import type { ComponentProps } from 'react';
import { Button, Link } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router';

type ButtonProps = Pick<
  ComponentProps<typeof Button>,
  'variation' | 'size' | 'isFullWidth' | 'colorTheme' | 'className'
>;

/** An Amplify-styled button that navigates client-side; it is a link for assistive tech, as it should be. */
export function ButtonLink({ to, children, ...buttonProps }: ButtonProps & { to: string; children: React.ReactNode }) {
  return (
    <Button as={RouterLink} to={to} {...buttonProps}>
      {children}
    </Button>
  );
}

export function TextLink({ to, children, className }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <Link as={RouterLink} to={to} className={className}>
      {children}
    </Link>
  );
}
