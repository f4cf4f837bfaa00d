import { FollowUserButton } from '../follow/FollowButton.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead, PageInput, PageProps, PageResource } from '../router/types.ts';
import { pinRequest } from './closeup-query.ts';
import { pinPreview, pinStructuredData } from './pin-seo.ts';
import { PinVideo } from './PinVideo.tsx';
import { StoryViewer } from '../story/StoryViewer.tsx';
import { ProductDetails } from './ProductDetails.tsx';
import { RecipeDetails } from './RecipeDetails.tsx';
import details from './PinDetails.module.css';
import { Avatar } from '../ui/Avatar.tsx';
import { imageAspect, imageSource } from '../pins/images.ts';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { PinOptionsMenu } from './PinOptionsMenu.tsx';
import { ShareButton } from '../messages/ShareButton.tsx';
import { SaveSlot } from '../pins/SaveSlot.tsx';
import { pinPath } from '../pins/PinTile.tsx';
import { Reactions } from './Reactions.tsx';
import { TriedSection } from './TriedSection.tsx';
import { pinDidItsRequest } from '../tried/requests.ts';
import { RelatedInterests, pinInterestsRequest } from './RelatedInterests.tsx';
import { RelatedPins, relatedPinsRequest } from './RelatedPins.tsx';
import { useCloseupPin } from './useCloseupPin.ts';
import type { PinJson } from '../pins/types.ts';
import { usePlaceholder } from '../pins/usePlaceholder.ts';
import { VisualLens } from '../visual/VisualLens.tsx';
import { VisualResults } from '../visual/VisualResults.tsx';
import styles from './PinPage.module.css';
import { pinIdOfAddress } from '../../shared/pin-address.ts';
import { CommentSection, commentsRequest } from '../comments/CommentSection.tsx';

export function pinPageResources({ params }: PageInput): PageResource[] {
  const id = pinIdOfAddress(params['id'] ?? '');
  return [{ ...pinRequest(id), required: true }, pinInterestsRequest(id), relatedPinsRequest(id), pinDidItsRequest(id), commentsRequest(id)];
}

/** A pin without a title is named after its creator. */
function pinName(pin: PinJson, t: HeadContext['t']): string {
  return pin.title.trim() || t('pin.pinBy', { name: pin.pinner.full_name || pin.pinner.username });
}

export function pinHead(context: HeadContext): PageHead {
  const pin = context.data(pinRequest(pinIdOfAddress(context.params['id'] ?? ''))) as PinJson | undefined;
  if (!pin) return unloadedHead(context);
  const name = pinName(pin, context.t);
  return {
    title: context.t('pin.pageTitle', { title: name }),
    canonicalPath: pinPath(pin),
    noindex: pin.board?.privacy === 'secret',
    member: pin.pinner.username,
    preview: pinPreview(pin, name),
    structuredData: pinStructuredData(pin, name, context.origin),
  };
}

/** The pages of a story pin, the video of a video pin, else the picture. */
function PinMedia({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  if (pin.story_pin_data) return <StoryViewer story={pin.story_pin_data} label={pinName(pin, t)} alt={pin.alt_text || pin.title} />;
  const videos = pin.is_video ? pin.videos?.video_list : undefined;
  if (!videos) return <PinImage pin={pin} />;
  const aspect = imageAspect(pin.images) ?? { width: 9, height: 16 };
  return (
    <div className={styles.image} style={{ aspectRatio: `${aspect.width} / ${aspect.height}` }}>
      <PinVideo id={pin.id} videos={videos} views={pin.videos?.seo_view_count ?? 0} poster={pin.images?.['736x']?.url} label={pinName(pin, t)} />
    </div>
  );
}

/** Where the pin came from: the site, and the author when the page named one. */
function Source({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const attribution = pin.attribution;
  if (!attribution?.provider_name) return null;
  return (
    <p className={details.source}>
      {t('pin.from', { provider: attribution.provider_name })}
      {attribution.author_name && <> · {t('pin.byAuthor', { author: attribution.author_name })}</>}
    </p>
  );
}

function PinImage({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const box = usePlaceholder(pin.placeholder);
  const source = imageSource(pin.images, '736x');
  const aspect = imageAspect(pin.images) ?? { width: 1, height: 1 };
  return (
    <div ref={box} className={styles.image} style={{ aspectRatio: `${aspect.width} / ${aspect.height}`, backgroundColor: pin.dominant_color ?? undefined }}>
      {source ? (
        <img
          src={source.src}
          srcSet={source.srcSet}
          sizes="(width < 768px) 100vw, 508px"
          width={source.width}
          height={source.height}
          alt={pin.alt_text || pin.title}
        />
      ) : (
        <p className={styles.processing}>{t('pin.processing')}</p>
      )}
      {source && <VisualLens pin={pin} />}
    </div>
  );
}

function Creator({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  const user = pin.pinner;
  return (
    <div className={styles.creator}>
      <a href={user.profile_url} className={styles.creatorLink}>
        <Avatar user={user} size={48} />
        <span className={styles.creatorText}>
          <span className={styles.creatorName}>{user.full_name || user.username}</span>
          <span className={styles.followers}>{t('profile.followerCount', { count: user.follower_count })}</span>
        </span>
      </a>
      <FollowUserButton user={user} />
    </div>
  );
}

function PinDetails({ pin }: { pin: PinJson }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} aria-labelledby="pin-title">
      <PinMedia pin={pin} />
      <div className={styles.details}>
        <div className={styles.bar}>
          {pin.link && pin.domain ? (
            <a className={styles.domain} href={pin.link} target="_blank" rel="noopener noreferrer nofollow ugc">
              {pin.domain}
            </a>
          ) : (
            <span />
          )}
          <PinOptionsMenu pin={pin} />
          <ShareButton shared={{ pin: pin.id }} path={`/pin/${pin.id}/`} />
          <SaveSlot pin={pin} />
        </div>
        <h1 id="pin-title" className={styles.title}>
          {pinName(pin, t)}
        </h1>
        {pin.description && <p className={styles.description}>{pin.description}</p>}
        <Source pin={pin} />
        <Reactions pin={pin} />
        <Creator pin={pin} />
        {pin.board && (
          <p className={styles.board}>
            {t('pin.savedTo')} <a href={pin.board.url}>{pin.board.name}</a>
          </p>
        )}
        {pin.rich_metadata?.product && <ProductDetails product={pin.rich_metadata.product} link={pin.link} />}
        {pin.rich_metadata?.recipe && <RecipeDetails recipe={pin.rich_metadata.recipe} />}
        <RelatedInterests pinId={pin.id} />
        <TriedSection pin={pin} />
        <CommentSection pinId={pin.id} commentsDisabled={pin.comments_disabled === true} />
      </div>
    </article>
  );
}

/** /pin/:id (or /pin/slug--:id, canonical /pin/:id/): the pin's image, title, description, link, creator and the board it is on. */
export function PinPage({ params }: PageProps) {
  const pin = useCloseupPin(pinIdOfAddress(params['id'] ?? ''));
  if (pin.status !== 'ready') return <PageStatus state={pin} />;
  return (
    <div className={styles.page}>
      <PinDetails pin={pin.data} />
      <VisualResults pin={pin.data} />
      <RelatedPins pinId={pin.data.id} />
    </div>
  );
}
