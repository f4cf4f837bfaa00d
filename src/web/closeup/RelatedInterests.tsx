import { useId } from 'react';
import type { TypedRequest } from '../api/resource-types.ts';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './RelatedInterests.module.css';
import type { InterestJson } from '../../shared/contracts/social.ts';

/** PinInterestsResource: the topics a pin belongs to (the spec's seoRelatedInterests). */
export function pinInterestsRequest(pinId: string): TypedRequest<'PinInterestsResource'> {
  return { name: 'PinInterestsResource', options: { pin_id: pinId } };
}

export function topicPath(interest: Pick<InterestJson, 'slug'>): string {
  return `/topics/${encodeURIComponent(interest.slug)}/`;
}

/**
 * The pin's related interests as links to their topic pages, for everyone: the page server loads
 * them with the pin, so visitors and search engines get the links in the HTML.
 */
export function RelatedInterests({ pinId }: { pinId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const interests = useResource(pinInterestsRequest(pinId));
  if (interests.status !== 'ready' || interests.data.length === 0) return null;
  return (
    <nav className={styles.interests} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('pin.relatedInterests')}
      </h2>
      <ul className={styles.list}>
        {interests.data.map((interest) => (
          <li key={interest.id}>
            <a className={styles.interest} href={topicPath(interest)}>
              {interest.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
