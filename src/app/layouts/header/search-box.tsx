import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { productListPath } from '../../../../domain/routes';

/** The URL holds the query; the box shows it again after Back or a shared link (the key remounts it). */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSearchParams()[0].get('q') ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(productListPath({ q }));
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
