import { Stack, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type EmailOrPhone = 'email' | 'phone';

interface EmailOrPhoneTabsProps {
  value: EmailOrPhone;
  onChange: (method: EmailOrPhone) => void;
  /** Between the tabs and the chosen panel: the form's refusal, which concerns whichever is chosen. */
  notice?: ReactNode;
  /** The panel of each tab: the fields that name the account by its email, or by its phone. */
  email: ReactNode;
  phone: ReactNode;
}

/**
 * Whether the account is named by its email or its phone. Only the chosen panel is in the page, so a
 * form keeps both values but checks and shows only the chosen one.
 */
export function EmailOrPhoneTabs({ value, onChange, notice, email, phone }: EmailOrPhoneTabsProps) {
  const { t } = useTranslation('auth');
  return (
    <Tabs.Root value={value} onValueChange={(event) => onChange(event.value as EmailOrPhone)} variant="enclosed" fitted lazyMount unmountOnExit>
      <Stack gap="4">
        <Tabs.List>
          <Tabs.Trigger value="email">{t('login.byEmail')}</Tabs.Trigger>
          <Tabs.Trigger value="phone">{t('login.byPhone')}</Tabs.Trigger>
        </Tabs.List>
        {notice}
        <Tabs.Content value="email" pt="0">
          <Stack gap="4">{email}</Stack>
        </Tabs.Content>
        <Tabs.Content value="phone" pt="0">
          <Stack gap="4">{phone}</Stack>
        </Tabs.Content>
      </Stack>
    </Tabs.Root>
  );
}
