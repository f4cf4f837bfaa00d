import { htmlLang } from '../../shared/locale.ts';
import type { ProductData } from '../../shared/rich-metadata.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './PinDetails.module.css';

const AVAILABILITY_TEXT: Readonly<Record<string, string>> = {
  InStock: 'pin.inStock',
  InStoreOnly: 'pin.inStock',
  OnlineOnly: 'pin.inStock',
  LimitedAvailability: 'pin.inStock',
  OutOfStock: 'pin.outOfStock',
  SoldOut: 'pin.outOfStock',
  Discontinued: 'pin.outOfStock',
  PreOrder: 'pin.preOrder',
  BackOrder: 'pin.preOrder',
};

/** The price in the reader's locale; the page's own text when it is not a number with a known currency. */
export function formatPrice(price: string, currency: string | null, lang: string): string {
  const amount = Number(price);
  if (!currency || !Number.isFinite(amount)) return currency ? `${price} ${currency}` : price;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
  } catch {
    return `${price} ${currency}`;
  }
}

/** The product the pin's page sells: brand, price, stock and the way to the shop. */
export function ProductDetails({ product, link }: { product: ProductData; link: string | null }) {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const availability = product.availability ? AVAILABILITY_TEXT[product.availability] : undefined;
  return (
    <section className={styles.section} aria-labelledby="pin-product">
      <h2 id="pin-product" className={styles.heading}>
        {product.name ?? t('pin.product')}
      </h2>
      {product.brand && <p className={styles.brand}>{product.brand}</p>}
      {product.price && <p className={styles.price}>{formatPrice(product.price, product.currency, htmlLang(bootstrap.locale))}</p>}
      {availability && <p className={availability === 'pin.outOfStock' ? styles.outOfStock : styles.inStock}>{t(availability)}</p>}
      {link && (
        <a className={styles.visit} href={link} target="_blank" rel="noopener noreferrer nofollow ugc">
          {t('pin.visitSite')}
        </a>
      )}
    </section>
  );
}
