import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { productListPath, ROUTES } from '../../../../domain/routes';

/**
 * The URL holds the query; the box shows it again after Back or a shared link (the key remounts it).
 * Searching from a listing keeps its filters and sort, as a refinement of what is on screen.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = params.get('q') ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    const kept = matchPath(ROUTES.productList, location.pathname) ? Object.fromEntries(params) : {};
    // New words give new results, which start again at their first page.
    void navigate(productListPath({ ...kept, page: undefined, q }));
  };

  return (
    <form role="search" onSubmit={submit} style={{ width: '100%' }}>
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          key={current}
          type="search"
          name="q"
          defaultValue={current}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.searchLabel')}
          bg="bg"
        />
      </InputGroup>
    </form>
  );
}
