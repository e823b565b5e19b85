import { Accordion, Span, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../domain/routes';
import { PageHeading } from '../../../lib/ui/page-heading';
import { AppLink } from '../../../lib/ui/router-link';

interface Question {
  question: string;
  answer: string;
}

export default function FaqPage() {
  const { t } = useTranslation('static');
  const questions = t('faq.questions', { returnObjects: true }) as Question[];
  return (
    <Stack gap="2" data-page="faq" maxW="3xl">
      <PageHeading title={t('faq.title')} subtitle={t('faq.intro')} />
      <Accordion.Root collapsible variant="enclosed" bg="bg">
        {questions.map((item, index) => (
          <Accordion.Item key={item.question} value={String(index)}>
            <Accordion.ItemTrigger>
              <Span flex="1" fontWeight="semibold">
                {item.question}
              </Span>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody lineHeight="tall">{item.answer}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Text mt="4" color="fg.muted">
        {t('faq.moreHelp')} <AppLink to={ROUTES.contactUs}>{t('faq.contactUs')}</AppLink>
      </Text>
    </Stack>
  );
}
