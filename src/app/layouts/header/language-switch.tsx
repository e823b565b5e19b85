import { Button } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../../lib/i18n';
import { useLocale } from '../../../lib/use-locale';

/** Named in the language it switches to: `English` on Arabic pages, `العربية` on English ones. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const target = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button variant="ghost" size="sm" lang={target} onClick={() => void changeLocale(target)} data-testid="language-switch">
      <Languages aria-hidden />
      {t(`language.switchTo.${target}`)}
    </Button>
  );
}
