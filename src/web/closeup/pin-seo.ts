import type { LinkPreview, StructuredData } from '../router/types.ts';
import type { DayRange, RichMetadata, ShippingData } from '../../shared/rich-metadata.ts';
import type { PinJson } from '../pins/types.ts';
import type { MediaImage } from '../../shared/contracts/media.ts';

/**
 * What search engines and link previews learn of a pin: its picture and words, and the schema.org
 * items Google reads (Product with its offer and shipping, Recipe, VideoObject, the breadcrumb of its board).
 */
export function pinPreview(pin: PinJson, name: string): LinkPreview {
  const image = pin.images?.['736x'] ?? pin.images?.['orig'];
  return {
    description: pin.description.trim() || name,
    type: pin.is_video ? 'video.other' : 'article',
    image: image ? { url: image.url, width: image.width, height: image.height, alt: pin.alt_text || name } : undefined,
  };
}

export function pinStructuredData(pin: PinJson, name: string, origin: string): StructuredData[] {
  const image = pin.images?.['736x'] ?? pin.images?.['orig'];
  return [
    ...(pin.board ? [boardBreadcrumb(pin, pin.board, name, origin)] : []),
    ...(pin.rich_metadata?.product ? [product(pin, pin.rich_metadata.product, name, image)] : []),
    ...(pin.rich_metadata?.recipe ? [recipe(pin, pin.rich_metadata.recipe, name, image)] : []),
    ...video(pin, name, image),
  ];
}

/** The board's owner › the board › the pin, as the board the pin is shown with has it. */
function boardBreadcrumb(pin: PinJson, board: NonNullable<PinJson['board']>, name: string, origin: string): StructuredData {
  const owner = board.url.split('/')[1] ?? '';
  const trail = [
    { name: owner, item: new URL(`/${owner}/`, origin).href },
    { name: board.name, item: new URL(board.url, origin).href },
    { name, item: new URL(`/pin/${pin.id}/`, origin).href },
  ];
  return { '@type': 'BreadcrumbList', itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, ...step })) };
}

function product(pin: PinJson, data: NonNullable<RichMetadata['product']>, name: string, image: MediaImage | undefined): StructuredData {
  return {
    '@type': 'Product',
    name: data.name ?? name,
    ...(image ? { image: image.url } : {}),
    ...(pin.description ? { description: pin.description } : {}),
    ...(data.brand ? { brand: { '@type': 'Brand', name: data.brand } } : {}),
    ...(data.price && data.currency
      ? {
          offers: {
            '@type': 'Offer',
            price: data.price,
            priceCurrency: data.currency,
            ...(data.availability ? { availability: `https://schema.org/${data.availability}` } : {}),
            ...(pin.link ? { url: pin.link } : {}),
            ...shippingDetails(data.shipping),
          },
        }
      : {}),
  };
}

/** OfferShippingDetails as the page gave it: the rate with its currency, handling and transit days. */
function shippingDetails(shipping: ShippingData | null | undefined): { shippingDetails?: StructuredData } {
  if (!shipping) return {};
  const rate = Number(shipping.rate ?? NaN);
  const days = (range: DayRange | null) => (range ? { '@type': 'QuantitativeValue', minValue: range.min, maxValue: range.max, unitCode: 'DAY' } : undefined);
  const handlingTime = days(shipping.handling_days);
  const transitTime = days(shipping.transit_days);
  const details = {
    ...(shipping.rate !== null && Number.isFinite(rate) && shipping.currency
      ? { shippingRate: { '@type': 'MonetaryAmount', value: rate, currency: shipping.currency } }
      : {}),
    ...(handlingTime || transitTime
      ? { deliveryTime: { '@type': 'ShippingDeliveryTime', ...(handlingTime ? { handlingTime } : {}), ...(transitTime ? { transitTime } : {}) } }
      : {}),
  };
  return Object.keys(details).length > 0 ? { shippingDetails: { '@type': 'OfferShippingDetails', ...details } } : {};
}

function recipe(pin: PinJson, data: NonNullable<RichMetadata['recipe']>, name: string, image: MediaImage | undefined): StructuredData {
  const times = { prepTime: data.prep_time, cookTime: data.cook_time, totalTime: data.total_time };
  return {
    '@type': 'Recipe',
    name: data.name ?? name,
    ...(image ? { image: image.url } : {}),
    ...(pin.description ? { description: pin.description } : {}),
    ...(pin.attribution?.author_name ? { author: { '@type': 'Person', name: pin.attribution.author_name } } : {}),
    ...Object.fromEntries(Object.entries(times).filter(([, value]) => value)),
    ...(data.yield ? { recipeYield: data.yield } : {}),
    ...(data.ingredients.length > 0 ? { recipeIngredient: data.ingredients } : {}),
    ...(data.diets?.length ? { suitableForDiet: data.diets.map((diet) => `https://schema.org/${diet}`) } : {}),
    ...(data.rating
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: data.rating.value, ...(data.rating.count ? { ratingCount: data.rating.count } : {}) } }
      : {}),
  };
}

function video(pin: PinJson, name: string, image: MediaImage | undefined): StructuredData[] {
  const mp4 = pin.videos?.video_list['V_720P'];
  if (!pin.is_video || !mp4) return [];
  const thumbnail = mp4.thumbnail ?? image?.url;
  return [
    {
      '@type': 'VideoObject',
      name,
      description: pin.description.trim() || name,
      uploadDate: pin.created_at,
      duration: isoDuration(mp4.duration),
      contentUrl: mp4.url,
      ...(thumbnail ? { thumbnailUrl: thumbnail } : {}),
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: pin.videos?.seo_view_count ?? 0,
      },
    },
  ];
}

/** Milliseconds as an ISO 8601 duration: 83_000 → PT1M23S. */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `PT${hours ? `${String(hours)}H` : ''}${minutes ? `${String(minutes)}M` : ''}${seconds || total === 0 ? `${String(seconds)}S` : ''}`;
}
