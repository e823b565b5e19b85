import { Button, type ButtonProps, Link, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLinkBase } from 'react-router';

/** Chakra's link and button looks on React Router navigation. */
export function AppLink({ to, children, ...props }: LinkProps & { to: string }) {
  return (
    <Link asChild {...props}>
      <RouterLinkBase to={to}>{children}</RouterLinkBase>
    </Link>
  );
}

export function ButtonLink({ to, children, ...props }: ButtonProps & { to: string }) {
  return (
    <Button asChild {...props}>
      <RouterLinkBase to={to}>{children}</RouterLinkBase>
    </Button>
  );
}
