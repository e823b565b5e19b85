import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '../../../../domain/orders';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';

/** Each move of the order, oldest first, with its time and who made it. */
export function OrderHistory({ history }: { history: OrderEvent[] }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Stack as="ol" gap="0" listStyleType="none" data-testid="order-history">
      {history.map((step, index) => (
        <HStack as="li" key={index} align="stretch" gap="3" data-status={step.status}>
          <Stack align="center" gap="0" pt="1.5">
            <Box boxSize="2.5" borderRadius="full" bg={index === history.length - 1 ? 'teal.solid' : 'border.emphasized'} flexShrink={0} />
            {index < history.length - 1 ? <Box width="0.5" flex="1" bg="border" /> : null}
          </Stack>
          <Stack gap="0.5" pb="4">
            <Text fontWeight="medium">
              {t(`status.${step.status}`)} · {t(`order.by.${step.by}`)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(step.at, locale, timeZone)}
            </Text>
            {step.note ? (
              <Text fontSize="sm">
                <UserText>{step.note}</UserText>
              </Text>
            ) : null}
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
