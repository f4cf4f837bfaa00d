import type { DayRange, PriceRange, ProductData, ProductVariant, ShippingData } from '../../shared/rich-metadata.ts';
import { enumName, first, hasType, isNode, nameOf, nodeOf, text, type Node, type NodeIndex } from './json-ld-values.ts';

/**
 * A schema.org Product or ProductGroup as a pin keeps it: the offer (an Offer or an AggregateOffer
 * with its price range), shipping (OfferShippingDetails) and the variants of a group (hasVariant).
 */

/** A closeup lists a group's variants; more than this is a catalogue, not a product. */
export const MAX_VARIANTS = 50;

/** A delivery promised in more days than a year is not one. */
const MAX_DAYS = 365;

export function readProduct(node: Node, index: NodeIndex): ProductData {
  const offer = nodeOf(node['offers'], index);
  // An AggregateOffer may hold its availability and shipping in the offers it sums up.
  const inner = offer ? nodeOf(offer['offers'], index) : null;
  const variants = readVariants(node['hasVariant'], index);
  const currency = currencyOf(offer?.['priceCurrency']) ?? currencyOf(inner?.['priceCurrency']);
  return {
    name: text(node['name']),
    brand: nameOf(node['brand']),
    price: offer ? (text(offer['price'], 40) ?? text(offer['lowPrice'], 40) ?? (inner ? text(inner['price'], 40) : null)) : null,
    currency,
    availability: enumName(offer?.['availability']) ?? enumName(inner?.['availability']),
    price_range: (offer ? aggregateRange(offer, currency) : null) ?? variantRange(variants),
    shipping: readShipping(offer, index, currency) ?? readShipping(inner, index, currency),
    variants,
  };
}

function currencyOf(value: unknown): string | null {
  return text(value, 10)?.toUpperCase() ?? null;
}

function aggregateRange(offer: Node, currency: string | null): PriceRange | null {
  const low = text(offer['lowPrice'], 40);
  const high = text(offer['highPrice'], 40);
  return low && high ? { low, high, currency } : null;
}

/** The span of the variants' prices, when they are numbers in one currency. */
function variantRange(variants: readonly ProductVariant[]): PriceRange | null {
  const priced = variants.filter((v) => v.price !== null && Number.isFinite(Number(v.price)));
  const currencies = new Set(priced.map((v) => v.currency));
  if (priced.length < 2 || currencies.size !== 1) return null;
  const sorted = [...priced].sort((a, b) => Number(a.price) - Number(b.price));
  const low = sorted[0]?.price;
  const high = sorted.at(-1)?.price;
  return low && high ? { low, high, currency: sorted[0]?.currency ?? null } : null;
}

function readVariants(value: unknown, index: NodeIndex): ProductVariant[] {
  const list = Array.isArray(value) ? (value as unknown[]).slice(0, MAX_VARIANTS) : [value];
  return list.flatMap((item) => {
    const variant = isNode(item) ? nodeOf(item, index) : null;
    if (!variant || !hasType(variant, 'product')) return [];
    const offer = nodeOf(variant['offers'], index);
    const read: ProductVariant = {
      name: text(variant['name']),
      color: text(variant['color'], 100),
      size: nameOf(variant['size'], 100),
      price: offer ? (text(offer['price'], 40) ?? text(offer['lowPrice'], 40)) : null,
      currency: currencyOf(offer?.['priceCurrency']),
      availability: enumName(offer?.['availability']),
    };
    return Object.values(read).some((v) => v !== null) ? [read] : [];
  });
}

/** The first OfferShippingDetails that ships (doesNotShip marks regions that get nothing). */
function readShipping(offer: Node | null, index: NodeIndex, priceCurrency: string | null): ShippingData | null {
  const raw = offer?.['shippingDetails'];
  const list = Array.isArray(raw) ? (raw as unknown[]).slice(0, 20) : [raw];
  const details = list.map((item) => (isNode(item) ? nodeOf(item, index) : null)).find((d) => d !== null && d['doesNotShip'] !== true);
  if (!details) return null;
  const rate = nodeOf(details['shippingRate'], index);
  const delivery = nodeOf(details['deliveryTime'], index);
  const shipping: ShippingData = {
    rate: rate ? (text(rate['value'], 40) ?? text(rate['maxValue'], 40)) : null,
    currency: (rate ? currencyOf(rate['currency']) : null) ?? priceCurrency,
    handling_days: delivery ? dayRange(delivery['handlingTime'], index) : null,
    transit_days: delivery ? dayRange(delivery['transitTime'], index) : null,
  };
  return shipping.rate !== null || shipping.handling_days || shipping.transit_days ? shipping : null;
}

/** A QuantitativeValue in days (unitCode DAY or d, or none): whole days from 0 to a year. */
function dayRange(value: unknown, index: NodeIndex): DayRange | null {
  const node = nodeOf(value, index);
  if (!node) return null;
  const unit = text(node['unitCode'], 10)?.toUpperCase();
  if (unit !== undefined && unit !== 'DAY' && unit !== 'D') return null;
  const bounds = [node['minValue'] ?? node['value'], node['maxValue'] ?? node['value']].map((bound) => (bound === undefined ? undefined : days(bound)));
  // A bound that is given but is no count of days spoils the range; an absent one takes the other's value.
  if (bounds.includes(null)) return null;
  const [min, max] = bounds as [number | undefined, number | undefined];
  if (min === undefined && max === undefined) return null;
  const range = { min: min ?? max ?? 0, max: max ?? min ?? 0 };
  return range.min <= range.max ? range : null;
}

function days(value: unknown): number | null {
  const one = first(value);
  const n = typeof one === 'number' ? one : typeof one === 'string' && one.trim() !== '' ? Number(one) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_DAYS ? n : null;
}
