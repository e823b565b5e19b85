import { Button } from '@chakra-ui/react';
import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const NOTICE_MS = 2500;

/** The device's own share sheet where there is one; elsewhere the link is copied, and the button says so. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('ads');
  const [notice, setNotice] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNotice('copied');
    } catch {
      // Clipboard access can be refused (permissions, an insecure origin): say so instead of pretending.
      setNotice('failed');
    }
  };

  return (
    <Button variant="outline" onClick={() => void share()} data-testid="share-button">
      {notice === 'copied' ? <Check aria-hidden /> : <Share2 aria-hidden />}
      <span aria-live="polite">{notice === 'copied' ? t('share.copied') : notice === 'failed' ? t('share.failed') : t('share.action')}</span>
    </Button>
  );
}
