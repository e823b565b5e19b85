import { Box, type BoxProps, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The bordered box a page's sections sit in, for a section laid out by itself. */
export const PANEL_STYLE = { bg: 'bg', borderWidth: '1px', borderRadius: 'l3', p: { base: '4', md: '5' } } as const;

/** A section of a page in its own box, titled by a level-2 heading, with a line under it when it needs one. */
export function Panel({ title, description, children, ...box }: { title: string; description?: string; children: ReactNode } & Omit<BoxProps, 'title'>) {
  return (
    <Box as="section" {...PANEL_STYLE} {...box}>
      <Heading as="h2" size="md" mb={description ? '1' : '3'}>
        {title}
      </Heading>
      {description ? (
        <Text fontSize="sm" color="fg.muted" mb="4">
          {description}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}
