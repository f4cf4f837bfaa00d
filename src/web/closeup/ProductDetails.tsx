import { htmlLang } from '../../shared/locale.ts';
import { loginPathFor } from '../../shared/next-location.ts';
import { deliveryDays, hasMemberDetails, isFreeShipping, shownPriceRange } from '../../shared/product.ts';
import type { PriceRange, ProductData, ProductVariant, ShippingData } from '../../shared/rich-metadata.ts';
import { useApp, useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
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

function availabilityText(availability: string | null): string | undefined {
  return availability ? AVAILABILITY_TEXT[availability] : undefined;
}

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

/** Low to high in the reader's locale (€12.00 – €30.00); each end as formatPrice writes it when not numbers. */
export function formatPriceRange(range: PriceRange, lang: string): string {
  const [low, high] = [Number(range.low), Number(range.high)];
  if (range.currency && Number.isFinite(low) && Number.isFinite(high) && low <= high) {
    try {
      return new Intl.NumberFormat(lang, { style: 'currency', currency: range.currency }).formatRange(low, high);
    } catch {
      // An unknown currency code: fall through to the page's own texts.
    }
  }
  return `${formatPrice(range.low, range.currency, lang)} – ${formatPrice(range.high, range.currency, lang)}`;
}

/** "3 days", "3–5 days" by the platform's own unit names. */
export function formatDays(min: number, max: number, lang: string): string {
  const days = new Intl.NumberFormat(lang, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  return min === max ? days.format(min) : days.formatRange(min, max);
}

/** The product the pin's page sells: members get brand, price, shipping and variants; visitors a prompt to log in. */
export function ProductDetails({ product, link }: { product: ProductData; link: string | null }) {
  const { t } = useTranslation();
  const member = useViewer() !== null;
  const availability = availabilityText(product.availability);
  return (
    <section className={styles.section} aria-labelledby="pin-product">
      <h2 id="pin-product" className={styles.heading}>
        {product.name ?? t('pin.product')}
      </h2>
      {member && <MemberOffer product={product} />}
      {availability && <p className={availability === 'pin.outOfStock' ? styles.outOfStock : styles.inStock}>{t(availability)}</p>}
      {member && product.shipping && <Shipping shipping={product.shipping} />}
      {member && product.variants && product.variants.length > 0 && <Variants variants={product.variants} />}
      {!member && hasMemberDetails(product) && <LogInPrompt />}
      {link && (
        <a className={styles.visit} href={link} target="_blank" rel="noopener noreferrer nofollow ugc">
          {t('pin.visitSite')}
        </a>
      )}
    </section>
  );
}

function MemberOffer({ product }: { product: ProductData }) {
  const lang = htmlLang(useApp().bootstrap.locale);
  const range = shownPriceRange(product);
  return (
    <>
      {product.brand && <p className={styles.brand}>{product.brand}</p>}
      {range ? (
        <p className={styles.price}>{formatPriceRange(range, lang)}</p>
      ) : (
        product.price && <p className={styles.price}>{formatPrice(product.price, product.currency, lang)}</p>
      )}
    </>
  );
}

function Shipping({ shipping }: { shipping: ShippingData }) {
  const { t } = useTranslation();
  const lang = htmlLang(useApp().bootstrap.locale);
  const days = deliveryDays(shipping);
  const cost =
    shipping.rate === null
      ? null
      : isFreeShipping(shipping)
        ? t('pin.freeShipping')
        : t('pin.shippingCost', { price: formatPrice(shipping.rate, shipping.currency, lang) });
  return (
    <p className={styles.shipping}>{[cost, days ? t('pin.delivery', { days: formatDays(days.min, days.max, lang) }) : null].filter(Boolean).join(' · ')}</p>
  );
}

/** A ProductGroup's variants as a table; a column shows only when some variant fills it. */
function Variants({ variants }: { variants: readonly ProductVariant[] }) {
  const { t } = useTranslation();
  const lang = htmlLang(useApp().bootstrap.locale);
  const stockText = (availability: string | null) => {
    const key = availabilityText(availability);
    return key ? t(key) : null;
  };
  const columns = [
    { key: 'name', label: t('pin.variant'), cell: (v: ProductVariant) => v.name },
    { key: 'color', label: t('pin.color'), cell: (v: ProductVariant) => v.color },
    { key: 'size', label: t('pin.size'), cell: (v: ProductVariant) => v.size },
    { key: 'price', label: t('pin.price'), cell: (v: ProductVariant) => (v.price ? formatPrice(v.price, v.currency, lang) : null) },
    { key: 'stock', label: t('pin.stock'), cell: (v: ProductVariant) => stockText(v.availability) },
  ].filter((column) => variants.some((v) => column.cell(v) !== null));
  // Variant names mostly repeat the product's name with the colour or size: shown only when those are missing.
  const shown = columns.some((c) => c.key === 'color' || c.key === 'size') ? columns.filter((c) => c.key !== 'name') : columns;
  return (
    <table className={styles.variants}>
      <caption>{t('pin.variants')}</caption>
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.key} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {variants.map((variant, index) => (
          <tr key={index}>
            {shown.map((column) => (
              <td key={column.key}>{column.cell(variant) ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Visitors get the search-engine data; prices, brand, shipping and variants wait behind a login that comes back here. */
function LogInPrompt() {
  const { t } = useTranslation();
  const { view } = useRouter();
  return (
    <div className={styles.prompt}>
      <p>{t('pin.logInForPrices')}</p>
      <div className={styles.promptActions}>
        <a className={styles.promptLogIn} href={loginPathFor(view.location.pathname)}>
          {t('header.logIn')}
        </a>
        <a className={styles.promptSignUp} href="/signup">
          {t('header.signUp')}
        </a>
      </div>
    </div>
  );
}
