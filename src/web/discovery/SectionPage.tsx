import { useFeed, useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import type { PinJson } from '../pins/types.ts';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { ExploreTabs } from './Cards.tsx';
import { breadcrumb, coverPreview } from './discovery-seo.ts';
import { categoriesRequest, sectionPinsRequest, topicRequest } from './requests.ts';
import type { DiscoverySection } from './types.ts';
import styles from './discovery.module.css';
import type { InterestJson } from '../../shared/contracts/social.ts';

/** /videos/:category/:id and /shopping/:category/:id: the category's slug, then the topic's id. */
export function categoryPath(section: DiscoverySection, topic: Pick<InterestJson, 'id' | 'slug'>): string {
  return `/${section}/${topic.slug}/${topic.id}/`;
}

const TEXTS = {
  videos: {
    title: 'discovery.videosTitle',
    heading: 'discovery.videosHeading',
    categoryTitle: 'discovery.videosCategoryTitle',
    description: 'discovery.videosDescription',
    empty: 'discovery.videosEmpty',
  },
  shopping: {
    title: 'discovery.shoppingTitle',
    heading: 'discovery.shoppingHeading',
    categoryTitle: 'discovery.shoppingCategoryTitle',
    description: 'discovery.shoppingDescription',
    empty: 'discovery.shoppingEmpty',
  },
} as const;

/** The videos or shopping page, of every topic (`categoryOf` null) or of the topic its address names. */
export function sectionRoute(section: DiscoverySection, categoryOf: (params: Record<string, string>) => string | null) {
  const texts = TEXTS[section];
  const head = (context: HeadContext): PageHead => {
    const id = categoryOf(context.params);
    const topic = id === null ? null : (context.data(topicRequest({ id })) as InterestJson | undefined);
    if (topic === undefined) return unloadedHead(context);
    const pins = context.data(sectionPinsRequest(section, id)) as PinJson[] | undefined;
    const heading = context.t(texts.heading);
    const path = topic ? categoryPath(section, topic) : `/${section}/`;
    const trail = [{ name: heading, path: `/${section}/` }, ...(topic ? [{ name: topic.name, path }] : [])];
    return {
      title: topic ? context.t(texts.categoryTitle, { name: topic.name }) : context.t(texts.title),
      canonicalPath: path,
      preview: coverPreview(context.t(texts.description), pins?.[0], topic?.name ?? heading),
      structuredData: [breadcrumb(trail, context.origin)],
    };
  };
  const Page = ({ params }: PageProps) => {
    const id = categoryOf(params);
    const topic = useResource(id === null ? null : topicRequest({ id }));
    if (id !== null && topic.status !== 'ready') return <PageStatus state={topic} />;
    return <SectionView section={section} topic={topic.data ?? null} />;
  };
  return { head, Page };
}

function SectionView({ section, topic }: { section: DiscoverySection; topic: InterestJson | null }) {
  const { t } = useTranslation();
  const texts = TEXTS[section];
  const feed = useFeed(sectionPinsRequest(section, topic?.id ?? null));
  const empty = feed.status === 'ready' && feed.items.length === 0;
  const heading = topic ? topic.name : t(texts.heading);
  return (
    <div className={styles.page} data-page={section}>
      <ExploreTabs current={section} />
      <header className={styles.header}>
        {topic && (
          <p className={styles.eyebrow}>
            <a href={`/${section}/`}>{t(texts.heading)}</a>
          </p>
        )}
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.description}>{t(texts.description)}</p>
      </header>
      <Categories section={section} current={topic?.id ?? null} />
      {empty ? <p className={styles.empty}>{t(texts.empty)}</p> : <PinGrid feed={feed} label={heading} />}
    </div>
  );
}

/** The topics that have videos (or products), as chips; "All" leads back to every topic. */
function Categories({ section, current }: { section: DiscoverySection; current: string | null }) {
  const { t } = useTranslation();
  const categories = useResource(categoriesRequest(section));
  const topics = categories.data ?? [];
  if (topics.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={t('discovery.categoriesLabel')}>
      <li>
        <a className={styles.chip} href={`/${section}/`} aria-current={current === null ? 'page' : undefined}>
          {t('discovery.allCategories')}
        </a>
      </li>
      {topics.map((topic) => (
        <li key={topic.id}>
          <a className={styles.chip} href={categoryPath(section, topic)} aria-current={current === topic.id ? 'page' : undefined}>
            {topic.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
