import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../lib/ui/page-heading';

interface ArticleSection {
  heading: string;
  paragraphs: string[];
}

/** A long-form static page (policy, terms, about) whose sections live in the `static` namespace. */
export function ArticlePage({ page, section }: { page: string; section: string }) {
  const { t } = useTranslation('static');
  const sections = t(`${section}.sections`, { returnObjects: true }) as ArticleSection[];
  return (
    <Stack gap="2" data-page={page} maxW="3xl">
      <PageHeading title={t(`${section}.title`)} subtitle={t(`${section}.intro`)} />
      <Stack gap="6" bg="bg" borderWidth="1px" borderRadius="l3" p={{ base: '5', md: '8' }}>
        {sections.map((item) => (
          <Box as="section" key={item.heading}>
            <Heading as="h2" size="md" mb="2">
              {item.heading}
            </Heading>
            <Stack gap="2">
              {item.paragraphs.map((paragraph) => (
                <Text key={paragraph} lineHeight="tall">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
