import type { ReactNode } from 'react';

/**
 * Text a user wrote (titles, names, descriptions) in either language: isolated so its direction
 * does not scramble the sentence around it, and marked as not for translation. Without children it
 * is the slot a translated sentence (`<Trans components>`) fills with the name.
 */
export function UserText({ children }: { children?: ReactNode }) {
  return (
    <bdi translate="no" data-user-text="">
      {children}
    </bdi>
  );
}
