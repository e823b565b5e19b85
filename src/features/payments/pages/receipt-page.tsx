import { Box, Button, DataList, Heading, HStack, Image, Separator, Stack, Text } from '@chakra-ui/react';
import { Download, ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ERROR_CODES } from '../../../../domain/errors';
import type { Receipt } from '../../../../domain/receipts';
import { ROUTES } from '../../../../domain/routes';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { errorCodeOf } from '../../../lib/http';
import { runtimeConfig } from '../../../lib/runtime-config';
import { PageLoading } from '../../../lib/ui/page-loading';
import { PANEL_STYLE } from '../../../lib/ui/panel';
import { ButtonLink } from '../../../lib/ui/router-link';
import { StatusView } from '../../../lib/ui/status-view';
import { useLocale } from '../../../lib/use-locale';
import { receiptPath, useReceipt } from '../api/get-receipt';

/** A successful payment's receipt (a simplified tax invoice in Saudi Arabia), with its PDF. */
export default function ReceiptPage() {
  const { t } = useTranslation('payments');
  const { paymentId = '' } = useParams();
  const receipt = useReceipt(paymentId);
  if (receipt.isPending) return <PageLoading />;
  if (receipt.isError) {
    if (errorCodeOf(receipt.error) !== ERROR_CODES.NOT_FOUND) throw receipt.error;
    return (
      <StatusView
        page="receipt"
        icon={<ReceiptText size={40} aria-hidden />}
        title={t('receipt.notFoundTitle')}
        message={t('receipt.notFoundDescription')}
        actions={<ButtonLink to={ROUTES.mySubscriptions}>{t('receipt.mySubscriptions')}</ButtonLink>}
      />
    );
  }
  return <ReceiptView receipt={receipt.data} paymentId={paymentId} />;
}

function ReceiptView({ receipt, paymentId }: { receipt: Receipt; paymentId: string }) {
  const { t } = useTranslation(['payments', 'subscriptions']);
  const locale = useLocale();
  const timeZone = useTimeZone();
  const money = (amount: number) => formatMoney(amount, receipt.currency, locale);
  const qrImage = useQrImage(receipt.zatcaQr);
  return (
    <Stack gap="4" data-page="receipt" maxW="3xl">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t(receipt.zatcaQr ? 'receipt.taxInvoiceTitle' : 'receipt.title')}
          </Heading>
          <Text color="fg.muted" data-testid="receipt-number">
            {t('receipt.number', { number: receipt.number })}
          </Text>
        </Stack>
        <Button asChild variant="outline">
          <a href={`${runtimeConfig().apiBaseUrl}${receiptPath(paymentId)}.pdf`} download data-testid="receipt-pdf">
            <Download />
            {t('receipt.downloadPdf')}
          </a>
        </Button>
      </HStack>
      <Box {...PANEL_STYLE}>
        <Stack gap="4">
          <HStack justify="space-between" align="start" wrap="wrap" gap="4">
            <Stack gap="1">
              <Text fontWeight="semibold">{receipt.seller.name[locale]}</Text>
              <Text fontSize="sm" color="fg.muted">
                {receipt.seller.address[locale]}
              </Text>
              <Text fontSize="sm">{t('receipt.vatNumber', { number: receipt.seller.vatNumber })}</Text>
            </Stack>
            {qrImage ? <Image src={qrImage} alt={t('receipt.qrAlt')} boxSize="32" data-testid="receipt-qr" /> : null}
          </HStack>
          <Separator />
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('receipt.issuedAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(receipt.issuedAt, locale, timeZone)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('receipt.buyer')}</DataList.ItemLabel>
              <DataList.ItemValue>{receipt.buyer.name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('receipt.item')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {receipt.item.name[locale]} · {t('subscriptions:packages.credits', { count: receipt.item.adCredits })} ·{' '}
                {receipt.item.validityDays === null ? t('subscriptions:packages.unlimited') : t('subscriptions:packages.validity', { count: receipt.item.validityDays })}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('receipt.method')}</DataList.ItemLabel>
              <DataList.ItemValue>{t(`methods.${receipt.method}`)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Separator />
          <Stack gap="1" data-testid="receipt-amounts">
            <HStack justify="space-between">
              <Text>{t('receipt.net')}</Text>
              <Text>{money(receipt.net)}</Text>
            </HStack>
            <HStack justify="space-between">
              <Text>{receipt.vatBasisPoints > 0 ? t('receipt.vat', { rate: receipt.vatBasisPoints / 100 }) : t('noVat')}</Text>
              <Text>{money(receipt.vat)}</Text>
            </HStack>
            <HStack justify="space-between" fontWeight="bold" fontSize="lg">
              <Text>{t('total')}</Text>
              <Text data-testid="receipt-total">{money(receipt.total)}</Text>
            </HStack>
          </Stack>
        </Stack>
      </Box>
      <ButtonLink to={ROUTES.mySubscriptions} variant="ghost" alignSelf="start">
        {t('receipt.mySubscriptions')}
      </ButtonLink>
    </Stack>
  );
}

/** The simplified tax invoice's QR code as an image; drawn in the page, so its library loads only here. */
function useQrImage(payload: string | null): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!payload) return;
    let current = true;
    void import('qrcode').then(({ toDataURL }) => toDataURL(payload, { margin: 1, width: 256 })).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [payload]);
  return image;
}
