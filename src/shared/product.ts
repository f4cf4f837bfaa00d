import type { DayRange, PriceRange, ProductData, ShippingData } from './rich-metadata.ts';

/**
 * What a closeup says of a product's offer, from the stored rich metadata. Rows stored before
 * price ranges, shipping and variants were read lack those fields; they read as absent here.
 */

/** The range to show instead of the single price: only one whose ends differ. */
export function shownPriceRange(product: ProductData): PriceRange | null {
  const range = product.price_range ?? null;
  return range && range.low !== range.high ? range : null;
}

/** Shipping costs nothing when the page says its rate is zero. */
export function isFreeShipping(shipping: ShippingData): boolean {
  return shipping.rate !== null && Number(shipping.rate) === 0;
}

/** Days from order to door: handling plus transit, either alone when the page gives only one. */
export function deliveryDays(shipping: ShippingData): DayRange | null {
  const parts = [shipping.handling_days, shipping.transit_days].filter((part): part is DayRange => part !== null);
  if (parts.length === 0) return null;
  return { min: parts.reduce((sum, part) => sum + part.min, 0), max: parts.reduce((sum, part) => sum + part.max, 0) };
}

/** Whether the product has anything members see beyond name, stock and the link: the visitor prompt shows only then. */
export function hasMemberDetails(product: ProductData): boolean {
  return Boolean(product.brand || product.price || product.price_range || product.shipping || product.variants?.length);
}
