import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../domain/routes';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    void navigate(q ? `${ROUTES.productList}?${new URLSearchParams({ q })}` : ROUTES.productList);
  };

  return (
    <form role="search" onSubmit={submit} style={{ width: '100%' }}>
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.searchLabel')}
          bg="bg"
        />
      </InputGroup>
    </form>
  );
}
