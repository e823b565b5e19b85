import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageEmptyState } from './empty-state';
import { PageHeading } from './page-heading';
import { ButtonLink } from './router-link';

interface EmptyPageProps {
  /** Marks the page for tests and styles (`data-page`). */
  page: string;
  namespace: string;
  /** The locale section holding `title`, `emptyTitle`, `emptyDescription` and, with `actionTo`, `action`. */
  section: string;
  icon: ReactNode;
  actionTo?: string;
}

/** A page whose content has not come yet, or that has nothing for this person yet: it says which. */
export function EmptyPage({ page, namespace, section, icon, actionTo }: EmptyPageProps) {
  const { t } = useTranslation(namespace);
  return (
    <Stack gap="2" data-page={page}>
      <PageHeading title={t(`${section}.title`)} />
      <PageEmptyState
        icon={icon}
        title={t(`${section}.emptyTitle`)}
        description={t(`${section}.emptyDescription`)}
        action={actionTo ? <ButtonLink to={actionTo}>{t(`${section}.action`)}</ButtonLink> : undefined}
      />
    </Stack>
  );
}
