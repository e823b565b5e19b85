import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type EmailOrPhone = 'email' | 'phone';

/** Whether the account is named by its email or its phone; the forms keep both fields and check the chosen one. */
export function EmailOrPhoneTabs({ value, onChange }: { value: EmailOrPhone; onChange: (method: EmailOrPhone) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Tabs.Root value={value} onValueChange={(event) => onChange(event.value as EmailOrPhone)} variant="enclosed" fitted>
      <Tabs.List>
        <Tabs.Trigger value="email">{t('login.byEmail')}</Tabs.Trigger>
        <Tabs.Trigger value="phone">{t('login.byPhone')}</Tabs.Trigger>
      </Tabs.List>
    </Tabs.Root>
  );
}
