import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../router/types.ts';
import { Card, ExploreTabs } from './Cards.tsx';
import { breadcrumb, coverPreview } from './discovery-seo.ts';
import { MoreItems } from './MoreItems.tsx';
import { ideasRequest } from './requests.ts';
import type { IdeaJson } from '../../shared/contracts/discovery.ts';
import styles from './discovery.module.css';

export function ideasHead(context: HeadContext): PageHead {
  const ideas = context.data(ideasRequest()) as IdeaJson[] | undefined;
  const title = context.t('discovery.ideasHeading');
  return {
    title: context.t('discovery.ideasTitle'),
    canonicalPath: '/ideas/',
    preview: coverPreview(context.t('discovery.ideasDescription'), ideas?.find((i) => i.cover_pin)?.cover_pin, title),
    structuredData: [breadcrumb([{ name: title, path: '/ideas/' }], context.origin)],
  };
}

/** /ideas: every topic, most followed first, each a card with its best pin. */
export function IdeasPage() {
  const { t } = useTranslation();
  const feed = useFeed(ideasRequest());
  return (
    <div className={styles.page} data-page="ideas">
      <ExploreTabs current="ideas" />
      <header className={styles.header}>
        <h1 className={styles.title}>{t('discovery.ideasHeading')}</h1>
        <p className={styles.description}>{t('discovery.ideasDescription')}</p>
      </header>
      {feed.status === 'ready' && feed.items.length === 0 && <p className={styles.empty}>{t('discovery.ideasEmpty')}</p>}
      <ul className={styles.cards} aria-label={t('discovery.ideasLabel')}>
        {feed.items.map((idea) => (
          <li key={idea.id}>
            <Card href={idea.url} cover={idea.cover_pin}>
              <span className={styles.captionTitle}>{idea.name}</span>
              <span className={styles.captionMeta}>{t('discovery.followers', { count: idea.follower_count })}</span>
            </Card>
          </li>
        ))}
      </ul>
      <MoreItems feed={feed} />
    </div>
  );
}
