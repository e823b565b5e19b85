import { Button, CloseButton, Dialog, Portal, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { Globe, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../lib/catalog';
import { setChosenCountry, useChosenCountry } from '../../../lib/country';
import { useLocale } from '../../../lib/use-locale';

/** The country-selection modal: the choice persists in a cookie and narrows listings. */
export function CountryPicker() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const chosen = useChosenCountry();
  const countries = useCountries();
  const shownName = countries.data?.find((country) => country.code === chosen)?.name[locale] ?? t('country.all');

  const choose = (code: string | null) => {
    setChosenCountry(code);
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="center">
      <Dialog.Trigger asChild>
        {/* The name starts with the words on the button, so a person who says them (voice control) reaches it. */}
        <Button variant="ghost" size="sm" data-testid="country-picker" aria-label={t('country.picker', { country: shownName })}>
          <MapPin aria-hidden />
          {/* A phone shows the pin alone; the name above still says the country. */}
          <Text as="span" maxW="32" truncate srOnly={{ base: true, md: false }}>
            {shownName}
          </Text>
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('country.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Text color="fg.muted" mb="4">
                {t('country.description')}
              </Text>
              {countries.isPending ? <Spinner /> : null}
              {countries.isError ? <Text color="fg.error">{t('errors:INTERNAL')}</Text> : null}
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                <Button variant={chosen === null ? 'solid' : 'outline'} justifyContent="start" onClick={() => choose(null)}>
                  <Globe aria-hidden />
                  {t('country.all')}
                </Button>
                {countries.data?.map((country) => (
                  <Button
                    key={country.code}
                    variant={chosen === country.code ? 'solid' : 'outline'}
                    justifyContent="start"
                    onClick={() => choose(country.code)}
                    data-country={country.code}
                  >
                    {country.name[locale]}
                  </Button>
                ))}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
