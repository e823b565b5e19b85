import { Box, Container, HStack, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Link, useLocation } from 'react-router';
import { productListPath, ROUTES } from '../../../../domain/routes';

const NAV_LINKS = [
  { to: ROUTES.home, label: 'nav.home' },
  { to: ROUTES.productList, label: 'nav.browse' },
  { to: productListPath({ kind: 'AUCTION' }), label: 'nav.auctions' },
  { to: productListPath({ kind: 'TENDER' }), label: 'nav.tenders' },
  { to: ROUTES.favorites, label: 'nav.favorites' },
  { to: ROUTES.messages, label: 'nav.messages' },
] as const;

/** How far a cut-off edge of the row fades out. */
const EDGE_FADE = '2.5rem';

/** A link is current when its path and its sale kind (`?kind=`) are those of the page shown. */
function isCurrent(to: string, location: Location): boolean {
  const target = new URL(to, 'http://page');
  return target.pathname === location.pathname && target.searchParams.get('kind') === new URLSearchParams(location.search).get('kind');
}

interface HiddenEdges {
  start: boolean;
  end: boolean;
}

/** Which edges of a scrolling row have links cut off beyond them, kept up to date as it scrolls or resizes. */
function useHiddenEdges(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): HiddenEdges {
  const [edges, setEdges] = useState<HiddenEdges>({ start: false, end: false });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      // scrollLeft counts from the start edge, and runs negative towards the end in right-to-left.
      const fromStart = Math.abs(element.scrollLeft);
      const start = fromStart > 1;
      const end = fromStart + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // The row's own width follows the window; its links' width follows the language.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (content.current) observer.observe(content.current);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [scroller, content]);
  return edges;
}

/** A fade on each edge with links beyond it, drawn towards that edge in the page's direction. */
function edgeFade(edges: HiddenEdges, direction: 'ltr' | 'rtl'): string {
  if (!edges.start && !edges.end) return 'none';
  const towardsEnd = direction === 'rtl' ? 'left' : 'right';
  const start = edges.start ? `transparent, black ${EDGE_FADE}` : 'black';
  const end = edges.end ? `black calc(100% - ${EDGE_FADE}), transparent` : 'black';
  return `linear-gradient(to ${towardsEnd}, ${start}, ${end})`;
}

/** The second row of the header: on a narrow screen it scrolls sideways, and a fade shows where links are cut off. */
export function MainNav() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const edges = useHiddenEdges(scroller, content);
  return (
    <Box as="nav" aria-label={t('nav.main')} borderTopWidth="1px">
      <Container maxW="7xl">
        <Box
          ref={scroller}
          overflowX="auto"
          scrollbarWidth="thin"
          style={{ maskImage: edgeFade(edges, i18n.dir()) }}
          data-testid="main-nav-row"
          data-hidden-start={edges.start ? '' : undefined}
          data-hidden-end={edges.end ? '' : undefined}
        >
          <HStack ref={content} gap="1" py="1" width="max-content">
            {NAV_LINKS.map((link) => {
              const isActive = isCurrent(link.to, location);
              return (
                <Link key={link.to} to={link.to} aria-current={isActive ? 'page' : undefined}>
                  <Text
                    as="span"
                    display="block"
                    px="3"
                    py="2"
                    fontSize="sm"
                    whiteSpace="nowrap"
                    borderRadius="l2"
                    fontWeight={isActive ? 'semibold' : 'normal'}
                    color={isActive ? 'colorPalette.fg' : 'fg.muted'}
                    _hover={{ bg: 'bg.muted' }}
                  >
                    {t(link.label)}
                  </Text>
                </Link>
              );
            })}
          </HStack>
        </Box>
      </Container>
    </Box>
  );
}
